// How a source is kept in an install's record: its kind, its name or
// absolute path, the SHA-256 of its archive bytes when it has any (bytes
// given, or a path naming an archive file), for a git repository its URL
// without credentials, the ref and the commit read, and the selection.
// Private to the import flow (import-flow.ts), which every surface and
// `update` go through, so a source is recorded one way and `update` finds
// what it needs.
import { createHash } from "node:crypto";
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type GitOrigin, type Source, stripCredentials } from "@skillshelf/bundle-reader";
import type { RecordedSource } from "@skillshelf/skill-catalog";

/** The selection an import was made with. */
export type Selection = { path?: string | undefined; skills?: readonly string[] | undefined };

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The record of `source`, read with `selection`; `origin` is what a git read reported. */
export async function recordSource(
  source: Source,
  selection: Selection = {},
  origin?: GitOrigin,
): Promise<RecordedSource> {
  const recorded: RecordedSource = { kind: source.kind };
  if (source.kind === "path") {
    // The path as the system resolved it, links and all: what was read, and
    // what update will read again without following any link (recordedPlace).
    recorded.name = await realpath(source.path).catch(() => resolve(source.path));
    const stats = await stat(recorded.name).catch(() => undefined);
    if (stats?.isFile() === true) recorded.sha256 = sha256(await readFile(recorded.name));
  } else if (source.kind === "archive") {
    if (source.name !== undefined) recorded.name = source.name;
    recorded.sha256 = sha256(source.bytes);
  } else if (source.kind === "git") {
    recorded.name = origin?.url ?? stripCredentials(source.url);
    if (source.ref !== undefined) recorded.ref = source.ref;
    if (origin !== undefined) recorded.commit = origin.commit;
  }
  if (selection.path !== undefined) recorded.path = selection.path;
  if (selection.skills !== undefined && selection.skills.length > 0) {
    recorded.skills = [...selection.skills];
  }
  return recorded;
}

/** The recorded path of a source as it is now: the directory or file itself, or why update must not read it. */
export type RecordedPlace =
  | { kind: "place"; dev: number; ino: number }
  | { kind: "missing" }
  | { kind: "moved"; detail: string };

/**
 * Where a recorded path source is now. The import recorded the path with
 * every link resolved, so a link at the path or in any directory above it
 * (a source directory replaced by a link, a `source.name` edited to run
 * through one) means the path no longer names what was imported: update
 * refuses it, as an import refuses a link inside a source.
 */
export async function recordedPlace(path: string): Promise<RecordedPlace> {
  const stats = await lstat(path).catch(() => undefined);
  if (stats === undefined) return { kind: "missing" };
  if (stats.isSymbolicLink()) return { kind: "moved", detail: `${path} is now a link` };
  const real = await realpath(path).catch(() => undefined);
  if (real !== resolve(path)) {
    return { kind: "moved", detail: `${path} now runs through a link, to ${real ?? "nowhere"}` };
  }
  return { kind: "place", dev: stats.dev, ino: stats.ino };
}
