// A case as zip bytes, as Info-ZIP's `zip -ry root.zip root` would write it:
// a directory entry before the entries below it, each member's Unix mode in
// its external attributes (a symlink's target as its data), files deflated
// (empty ones stored). A case's `zip` tweaks say what only a zip can.
import { contentOf, impliedDirsOf, kindOf, memberNameOf } from "../entry-paths.js";
import type { Case, Entry, EntryKind } from "../types.js";
import { writeZip, type ZipMember } from "./write-zip.js";

/** Unix type bits for each kind a zip can express; the rest have no zip form. */
export const zipTypeBits: Partial<Record<EntryKind, number>> = {
  file: 0o100000,
  dir: 0o040000,
  symlink: 0o120000,
  fifo: 0o010000,
  chardev: 0o020000,
  blockdev: 0o060000,
  unknown: 0o160000,
};

function memberOf(c: Case, entry: Entry): ZipMember {
  const kind = kindOf(entry);
  const permissions = entry.mode ?? (kind === "dir" ? 0o755 : kind === "symlink" ? 0o777 : 0o644);
  const mode = (zipTypeBits[kind] ?? 0) | (permissions & 0o7777);
  const name = memberNameOf(c, entry);
  const member: ZipMember = { name, mode, ...entry.zip };
  if (kind === "file" && entry.zeros !== undefined) return { zeros: entry.zeros, ...member };
  if (kind === "file") return { data: contentOf(entry), ...member };
  if (kind === "symlink") return { data: entry.linkTarget ?? "", method: 0, ...member };
  return member;
}

/** The members of a case, with implied parent directories before their children. */
export function zipMembersOf(c: Case): ZipMember[] {
  const explicit = new Set(
    c.entries
      .filter((e) => kindOf(e) === "dir")
      .map((e) => new TextDecoder().decode(memberNameOf(c, e))),
  );
  const emitted = new Set<string>();
  const members: ZipMember[] = [];
  for (const entry of c.entries) {
    if (c.impliedDirs !== false) {
      for (const dir of impliedDirsOf(c, entry)) {
        if (emitted.has(dir) || explicit.has(dir)) continue;
        emitted.add(dir);
        members.push({ name: dir, mode: 0o040755 });
      }
    }
    members.push(memberOf(c, entry));
  }
  return members;
}

const built = new WeakMap<Case, Uint8Array>();

/** The case as zip bytes, kept per case (a bomb is deflated once a run); each call gets a copy. */
export function buildZip(c: Case): Uint8Array {
  if (c.zipArchive?.raw !== undefined) return c.zipArchive.raw;
  let bytes = built.get(c);
  if (bytes === undefined) {
    bytes = writeZip(zipMembersOf(c), c.zipArchive ?? {});
    built.set(c, bytes);
  }
  return new Uint8Array(bytes);
}
