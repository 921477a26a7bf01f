// `skillshelf import <source> [--replace]`: reads the bundle and installs its
// skills into the managed root, all or nothing, then says what was installed
// and what replaced an earlier version (`show <id>` tells where it lives). Installing can take a while for a
// large bundle, so it gets a progress line of its own.
import { install, recordSource } from "@skillshelf/skill-catalog";
import type { Context } from "../context.js";
import { formatBytes, formatTable, printJson } from "../output.js";
import { startProgress } from "../progress.js";
import { type ReadChoices, readSkills, summarizeSkills, totalBytes } from "../read.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { printWarnings } from "../warnings.js";

export type ImportOptions = ReadChoices & { replace?: boolean };

export async function runImport(
  context: Context,
  argument: string,
  options: ImportOptions,
): Promise<number> {
  const { output, json } = context;
  const read = await readSkills(context, argument, options);
  if (!read.ok) return reportRefusal(output, read.refusal, json);
  const count = read.skills.length;
  const progress = startProgress(
    output.err,
    `installing ${count} ${count === 1 ? "skill" : "skills"}`,
  );
  const result = await recordSource(read.source, { path: options.path, skills: options.skill })
    .then((source) =>
      install(context.roots, read.skills, {
        replace: options.replace === true,
        source,
        tool: context.tool,
      }),
    )
    .finally(() => progress.stop());
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  const skills = summarizeSkills(read.skills);
  if (json) {
    printJson(output, { ok: true, skills, installed: result.installed, warnings: read.warnings });
    return EXIT_OK;
  }
  const { out } = output;
  const byId = new Map(skills.map((skill) => [skill.id, skill]));
  const rows = result.installed.map((done) => {
    const skill = byId.get(done.id);
    const files = skill?.files.length ?? 0;
    return [
      out.paint("green", done.replaced ? "replaced" : "installed"),
      out.paint("bold", done.id),
      `${files} ${files === 1 ? "file" : "files"}`,
      formatBytes(skill === undefined ? 0 : totalBytes(skill)),
    ];
  });
  for (const line of formatTable(rows)) out.line(line);
  printWarnings(output, read.warnings);
  return EXIT_OK;
}
