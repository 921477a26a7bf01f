// `skillshelf check <source>`: the verdict import would give on the same
// store, writing nothing. It reads the bundle exactly as import does and asks
// the catalog's check(), which runs install's validation without the writes.
import { check } from "@skillshelf/skill-catalog";
import type { Context } from "../context.js";
import { formatBytes, formatTable, printJson } from "../output.js";
import { type ReadChoices, readSkills, summarizeSkills, totalBytes } from "../read.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { printWarnings } from "../warnings.js";

export type CheckOptions = ReadChoices & { replace?: boolean };

export async function runCheck(
  context: Context,
  argument: string,
  options: CheckOptions,
): Promise<number> {
  const { output, json } = context;
  const read = await readSkills(context, argument, options);
  if (!read.ok) return reportRefusal(output, read.refusal, json);
  const verdict = await check(context.roots, read.skills, { replace: options.replace === true });
  if (!verdict.ok) return reportRefusal(output, verdict.refusal, json);
  const skills = summarizeSkills(read.skills);
  if (json) {
    printJson(output, { ok: true, skills, warnings: read.warnings });
    return EXIT_OK;
  }
  const { out } = output;
  const replacing = new Set(verdict.installed.filter((s) => s.replaced).map((s) => s.id));
  const rows = skills.map((skill) => [
    replacing.has(skill.id) ? "would replace" : "would install",
    out.paint("bold", skill.id),
    `${skill.files.length} ${skill.files.length === 1 ? "file" : "files"}`,
    formatBytes(totalBytes(skill)),
  ]);
  for (const line of formatTable(rows)) out.line(line);
  printWarnings(output, read.warnings);
  out.line(
    `${out.paint("green", "ok:")} ${skills.length} ${skills.length === 1 ? "skill" : "skills"} would be imported; nothing was written`,
  );
  return EXIT_OK;
}
