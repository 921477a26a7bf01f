// `skillshelf digest <source>`: what a signer signs. The shelf reads the
// source as import would and answers each skill's id, tree digest (without
// its SKILL.sig) and the exact statement; `--json` gives the statement
// byte for byte, to be written to a file and signed with
// `ssh-keygen -Y sign -n skillshelf`.
import type { Context } from "../context.js";
import { formatTable, printJson } from "../output.js";
import { type ReadChoices, withSource } from "../read.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { signatureLabel } from "../signature.js";

export type DigestOptions = ReadChoices & { statement?: boolean };

export async function runDigest(
  context: Context,
  argument: string,
  options: DigestOptions,
): Promise<number> {
  const { output, json } = context;
  const result = await withSource(context, argument, options, (source, onProgress) =>
    context.shelf.digest(source, { path: options.path, skills: options.skill, onProgress }),
  );
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  if (json) {
    printJson(output, { ok: true, skills: result.skills });
    return EXIT_OK;
  }
  const { out } = output;
  if (options.statement === true) {
    // Byte for byte what is signed: redirect it to a file and sign that file.
    for (const skill of result.skills) out.line(skill.statement.slice(0, -1));
    return EXIT_OK;
  }
  const rows = result.skills.map((skill) => [
    out.paint("bold", skill.id),
    skill.treeDigest,
    signatureLabel(out, skill.signature),
  ]);
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  for (const skill of result.skills) out.line(`statement: ${skill.statement.trimEnd()}`);
  return EXIT_OK;
}
