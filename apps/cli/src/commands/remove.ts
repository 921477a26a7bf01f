// `skillshelf remove <id>`: removes a managed skill. Builtin skills belong to
// the workspace and are refused by the catalog, never touched here.
import type { Context } from "../context.js";
import { printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";

export async function runRemove(context: Context, id: string): Promise<number> {
  const { output, json } = context;
  const result = await context.shelf.remove(id);
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  if (json) {
    printJson(output, { ok: true, id: result.id });
    return EXIT_OK;
  }
  const { out } = output;
  out.line(
    `${out.paint("green", "removed")} ${out.paint("bold", result.id)} from ${context.shelf.managedLocation}`,
  );
  return EXIT_OK;
}
