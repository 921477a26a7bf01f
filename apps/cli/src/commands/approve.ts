// `skillshelf approve <id>`: the operator vouches for a managed skill's files
// as they are now, after reading them. The shelf records the tree with who
// approved it (the OS user) and when, all or nothing, and from then on the
// payload and the MCP server offer the skill again. The way out of `drifted`
// that keeps a hand edit, and the only way in for a skill made by hand.
import { userInfo } from "node:os";
import type { Context } from "../context.js";
import { printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";

/** The OS user running the command, as an approval records it. */
export function osUser(env: Context["env"]): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? "unknown";
  }
}

export async function runApprove(context: Context, id: string): Promise<number> {
  const { output, json } = context;
  const result = await context.shelf.approve(id, osUser(context.env));
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  if (json) {
    const { tree, approved } = result;
    printJson(output, { ok: true, id: result.id, treeDigest: tree.digest, approved });
    return EXIT_OK;
  }
  const { out } = output;
  const files = result.tree.files.length;
  out.line(
    `${out.paint("green", "approved")} ${out.paint("bold", result.id)} (${files} ${files === 1 ? "file" : "files"}) as ${result.approved.by} at ${result.approved.at}`,
  );
  return EXIT_OK;
}
