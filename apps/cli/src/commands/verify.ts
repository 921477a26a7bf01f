// `skillshelf verify [id...]`: every managed skill (or those named) held
// against the record its install wrote: unchanged, changed (each file
// modified, added, removed or whose mode changed, named), no record, or a
// record that cannot be used (bad-record, with its sentence).
// Each skill's SKILL.sig is checked again against the trust file and the
// tree held now: signed by whom, unsigned, untrusted, or bad. Exit 0 only
// when every skill is unchanged, no signature is bad and (under
// --require-signed) every skill is signed by a trusted key; 1 otherwise.
// On stderr follow the findings of the files each skill holds now (what
// their bytes hide), so a hand edit that added hidden text is named before
// anyone approves it; they never change the exit code (the import judged
// the skill; approve is the operator's word on its bytes as they are).
import { message } from "@skillshelf/contract";
import type { Context } from "../context.js";
import { printFindings } from "../findings.js";
import { formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { signatureLabel, signatureProblem } from "../signature.js";

const EXIT_DRIFT = 1;

/** The two ways back to a skill a worker may be handed. */
const waysOut = (id: string): string =>
  `'skillshelf update --force ${id}' takes its source's bytes again; 'skillshelf approve ${id}' vouches for them as they are now`;

export async function runVerify(context: Context, ids: string[]): Promise<number> {
  const { output, json } = context;
  const result = await context.shelf.verify(ids);
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  const { requireSigned } = context.shelf.trust;
  const allUnchanged = result.skills.every(
    (skill) =>
      skill.status === "unchanged" &&
      skill.signature.status !== "bad" &&
      (!requireSigned || skill.signature.status === "signed"),
  );
  const code = allUnchanged ? EXIT_OK : EXIT_DRIFT;
  if (json) {
    printJson(output, { ok: allUnchanged, skills: result.skills });
    return code;
  }
  const { out } = output;
  if (result.skills.length === 0) {
    out.line(`no managed skills in ${context.shelf.managedLocation}`);
    return code;
  }
  // The table holds each skill and its changed files; the longer sentences
  // (how to get a skill back to workers, a record or signature at fault)
  // follow it, one line per skill, so they never widen its columns.
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const skill of result.skills) {
    const colour =
      skill.status === "unchanged" ? "green" : skill.status === "changed" ? "red" : "yellow";
    rows.push([
      out.paint(colour, skill.status),
      out.paint("bold", skill.id),
      signatureLabel(out, skill.signature),
    ]);
    if (skill.status === "changed") {
      if (skill.problem !== undefined) rows.push(["", `  ${skill.problem}`]);
      for (const file of skill.files) rows.push(["", `  ${file.change} ${file.path}`]);
      notes.push(`${skill.id}: workers are not handed it: ${waysOut(skill.id)}`);
    } else if (skill.status === "no-record") {
      notes.push(
        `${skill.id}: workers are not handed it: read it, then 'skillshelf approve ${skill.id}'`,
      );
    }
    if (skill.status === "bad-record") notes.push(`${skill.id}: ${message(skill.refusal, "cli")}`);
  }
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  for (const note of notes) out.line(note);
  for (const skill of result.skills) {
    const problem = signatureProblem(skill.signature);
    if (problem !== undefined) out.line(`${skill.id}: ${problem}`);
  }
  printFindings(
    output,
    result.skills.flatMap((skill) => skill.findings ?? []),
  );
  return code;
}
