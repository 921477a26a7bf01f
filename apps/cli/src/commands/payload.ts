// `skillshelf payload [--out <dir>]`: the payload a worker receives, built by
// the payload package. Without --out it says what the payload holds; with
// --out it materializes `<dir>/skills.json` atomically; with --watch as well,
// it keeps doing so whenever anything it holds changes (payload-watch.ts). With
// --files <dir> it writes every file of every skill to <dir>/<id>/, each
// checked against the payload's manifest first (all or nothing). With
// --json the payload itself follows `"ok": true`, so a script gets the bodies too.
import { resolve } from "node:path";
import type { Payload } from "@skillshelf/payload";
import { type Context, UsageError } from "../context.js";
import { type Channel, formatBytes, formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { SHORT_DIGEST } from "./list.js";

export type PayloadOptions = {
  out?: string;
  watch?: boolean;
  allowDrift?: boolean;
  files?: string;
};

export async function runPayload(context: Context, options: PayloadOptions): Promise<number> {
  const { output, json, shelf } = context;
  if (options.files !== undefined) {
    if (options.out !== undefined || options.watch === true) {
      throw new UsageError("--files writes the skills' files; use it without --out and --watch");
    }
    const fetched = await shelf.writeSkillFiles(resolve(context.cwd, options.files), {
      allowDrift: options.allowDrift === true,
    });
    if (!fetched.ok) return reportRefusal(output, fetched.refusal, json);
    sayAllowed(output, fetched.allowed);
    if (json) {
      printJson(output, { ok: true, skills: fetched.skills, refused: fetched.refused });
      return EXIT_OK;
    }
    const { out } = output;
    for (const skill of fetched.skills) out.line(`${out.paint("green", "wrote")} ${skill.dir}`);
    for (const line of refusedLines(out, fetched.refused)) out.line(line);
    return EXIT_OK;
  }
  if (options.watch === true) {
    if (options.out === undefined) throw new UsageError("--watch needs --out <dir> to write to");
    const { runPayloadWatch } = await import("./payload-watch.js");
    return runPayloadWatch(context, {
      out: options.out,
      allowDrift: options.allowDrift === true,
      ...watchInterval(context.env),
    });
  }
  const trust = { allowDrift: options.allowDrift === true };
  const result =
    options.out === undefined
      ? await shelf.payload(trust)
      : await shelf.writePayload(resolve(context.cwd, options.out), trust);
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  sayAllowed(output, result.allowed);
  const path = "path" in result ? result.path : undefined;
  if (json) {
    printJson(
      output,
      path === undefined ? { ok: true, ...result.payload } : { ok: true, path, ...result.payload },
    );
    return EXIT_OK;
  }
  const { out } = output;
  for (const line of describePayload(out, result.payload)) out.line(line);
  if (path !== undefined) out.line(`${out.paint("green", "wrote")} ${path}`);
  return EXIT_OK;
}

/** The operator's escape is never silent: each skill let through by --allow-drift, on stderr. */
export function sayAllowed(
  output: Context["output"],
  allowed: readonly { id: string; reason: string }[],
): void {
  for (const skill of allowed) {
    output.err.line(
      `${output.err.paint("yellow", "allowed")} ${skill.id} by --allow-drift: ${skill.reason}`,
    );
  }
}

function describePayload(out: Channel, held: Payload): string[] {
  const rows = held.skills.map((skill) => [
    out.paint("bold", skill.id),
    skill.origin,
    formatBytes(Buffer.byteLength(skill.text)),
    out.paint("dim", skill.digest.slice(0, SHORT_DIGEST)),
  ]);
  const total = held.skills.reduce((sum, skill) => sum + Buffer.byteLength(skill.text), 0);
  const count = held.skills.length;
  const lines = [...formatTable(rows), ...refusedLines(out, held.refused)];
  lines.push(
    `${count} ${count === 1 ? "skill" : "skills"}, ${formatBytes(total)} of bodies, revision ${held.revision}`,
  );
  return lines;
}

/** Each skill the payload withholds, with its reason and, when it drifted, the files that differ. */
function refusedLines(out: Channel, refused: Payload["refused"]): string[] {
  const lines: string[] = [];
  for (const skill of refused) {
    lines.push(`${out.paint("red", "refused")} ${skill.id} (${skill.code}): ${skill.reason}`);
    for (const file of skill.files ?? []) lines.push(`  ${file.change} ${file.path}`);
  }
  return lines;
}

/** SKILLSHELF_WATCH_INTERVAL_MS: how often the watch checks for what nothing announces (default 5 s). */
function watchInterval(env: Context["env"]): { intervalMs?: number } {
  const value = env.SKILLSHELF_WATCH_INTERVAL_MS;
  if (value === undefined || value === "") return {};
  if (!/^\d{1,9}$/.test(value) || Number(value) < 10) {
    throw new UsageError(
      "SKILLSHELF_WATCH_INTERVAL_MS must be a whole number of milliseconds, at least 10",
    );
  }
  return { intervalMs: Number(value) };
}
