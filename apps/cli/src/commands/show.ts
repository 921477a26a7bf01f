// `skillshelf show <id>`: the catalog's report of one skill (origin, path,
// digest, size, description) and then its SKILL.md exactly as load() read
// it. An id the catalog refuses is answered with the catalog's own reason.
import { load, skillReport } from "@skillshelf/skill-catalog";
import type { Context } from "../context.js";
import { formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal, reportSentence } from "../refusal.js";

const EXIT_REFUSED = 1;

export async function runShow(context: Context, id: string): Promise<number> {
  const { output, json } = context;
  const loaded = await load(context.roots, id);
  if (!loaded.ok) {
    const { refusal } = loaded;
    if (refusal.code === "unknown-skill") {
      return reportRefusal(output, { code: "unknown-skill", skill: id }, json);
    }
    return reportSentence(output, refusal, refusal.reason, EXIT_REFUSED, json);
  }
  const { skill } = loaded;
  const report = skillReport(skill);
  if (json) {
    printJson(output, { ok: true, ...report, text: skill.text });
    return EXIT_OK;
  }
  const { out } = output;
  const rows: string[][] = [
    ["id", out.paint("bold", report.id)],
    ["origin", report.origin],
    ["path", report.path],
    ["digest", report.digest],
    ["bytes", String(report.bytes)],
  ];
  if (skill.description !== undefined) rows.push(["description", skill.description]);
  for (const line of formatTable(rows)) out.line(out.paint("dim", "") + line);
  out.line();
  out.stream.write(skill.text.endsWith("\n") || skill.text === "" ? skill.text : `${skill.text}\n`);
  return EXIT_OK;
}
