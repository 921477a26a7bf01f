// `skillshelf approve <id>`: the operator vouches for a managed skill's files
// as they are now, after reading them. The shelf records the tree with who
// approved it (the OS user) and when, all or nothing, and from then on the
// payload and the MCP server offer the skill again. The way out of `drifted`
// that keeps a hand edit, and the only way in for a skill made by hand.
// What the files hide is judged as at import: a refusing finding refuses
// the approve unless `--accept <code>` names it (kept in the record), and
// every finding is printed, as import prints them.
import { userInfo } from "node:os";
import type { Context } from "../context.js";
import { acceptedCodes, printFindings, reportImportRefusal } from "../findings.js";
import { printJson } from "../output.js";
import { EXIT_OK } from "../refusal.js";

export type ApproveOptions = { accept?: string[] };

/** The OS user running the command, as an approval records it. */
export function osUser(env: Context["env"]): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? "unknown";
  }
}

export async function runApprove(
  context: Context,
  id: string,
  options: ApproveOptions = {},
): Promise<number> {
  const { output, json } = context;
  const accepted = acceptedCodes(options.accept);
  const result = await context.shelf.approve(id, osUser(context.env), { accept: accepted });
  if (!result.ok) return reportImportRefusal(output, result, json, accepted);
  const { tree, approved, findings } = result;
  if (json) {
    printJson(output, { ok: true, id: result.id, treeDigest: tree.digest, approved, findings });
    return EXIT_OK;
  }
  const { out } = output;
  const files = tree.files.length;
  out.line(
    `${out.paint("green", "approved")} ${out.paint("bold", result.id)} (${files} ${files === 1 ? "file" : "files"}) as ${approved.by} at ${approved.at}`,
  );
  printFindings(output, findings, accepted);
  return EXIT_OK;
}
