// `skillshelf update [id...] [--force]`: re-imports each managed skill (or
// those named) from the source path its record names, with the same
// selection, as one replace. A skill whose tree would not change is "up to
// date"; one whose files drifted since import is left alone and named unless
// --force. Every skill read again is shown with the source it was read from,
// so a record edited to point elsewhere is seen. Exit 0 when nothing was left
// alone, 1 otherwise.
import { message } from "@skillshelf/contract";
import type { Context } from "../context.js";
import { formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";

export type UpdateOptions = { force?: boolean; ref?: string };

const EXIT_LEFT_ALONE = 1;

export async function runUpdate(
  context: Context,
  ids: string[],
  options: UpdateOptions,
): Promise<number> {
  const { output, json } = context;
  const result = await context.shelf.update(ids, {
    force: options.force === true,
    ...(options.ref === undefined ? {} : { ref: options.ref }),
  });
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  const done = result.skills.every((s) => s.status === "updated" || s.status === "up-to-date");
  const code = done ? EXIT_OK : EXIT_LEFT_ALONE;
  if (json) {
    printJson(output, { ok: done, skills: result.skills });
    return code;
  }
  const { out } = output;
  const rows = result.skills.map((skill) => {
    const why =
      skill.status === "drifted"
        ? `changed since import (${skill.files.join(", ")}); use --force to replace it`
        : skill.status === "no-source"
          ? skill.detail
          : skill.status === "refused"
            ? `${skill.refusal.code}${skill.source === undefined ? "" : ` (from ${skill.source})`}`
            : skill.status === "no-record"
              ? "no record of where it came from"
              : `from ${skill.source}`;
    const colour =
      skill.status === "updated" ? "green" : skill.status === "up-to-date" ? "dim" : "yellow";
    return [
      out.paint(colour, skill.status === "up-to-date" ? "up to date" : skill.status),
      out.paint("bold", skill.id),
      why,
    ];
  });
  if (rows.length === 0) out.line(`no managed skills in ${context.shelf.managedLocation}`);
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  // A refusal's own sentence says what to do instead (import again from the path meant).
  for (const skill of result.skills) {
    if (skill.status === "refused") out.line(`${skill.id}: ${message(skill.refusal, "cli")}`);
  }
  return code;
}
