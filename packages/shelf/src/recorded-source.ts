// How a source is kept in an install's record: its kind, its name or
// absolute path, the SHA-256 of its archive bytes when it has any (bytes
// given, or a path naming an archive file), and the selection. Private to
// the import flow (import-flow.ts), which every surface and `update` go
// through, so a source is recorded one way and `update` finds what it needs.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Source } from "@skillshelf/bundle-reader";
import type { RecordedSource } from "@skillshelf/skill-catalog";

/** The selection an import was made with. */
export type Selection = { path?: string | undefined; skills?: readonly string[] | undefined };

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The record of `source`, read with `selection`. */
export async function recordSource(
  source: Source,
  selection: Selection = {},
): Promise<RecordedSource> {
  const recorded: RecordedSource = { kind: source.kind };
  if (source.kind === "path") {
    recorded.name = resolve(source.path);
    const stats = await stat(recorded.name).catch(() => undefined);
    if (stats?.isFile() === true) recorded.sha256 = sha256(await readFile(recorded.name));
  } else if (source.kind === "archive") {
    if (source.name !== undefined) recorded.name = source.name;
    recorded.sha256 = sha256(source.bytes);
  }
  if (selection.path !== undefined) recorded.path = selection.path;
  if (selection.skills !== undefined && selection.skills.length > 0) {
    recorded.skills = [...selection.skills];
  }
  return recorded;
}
