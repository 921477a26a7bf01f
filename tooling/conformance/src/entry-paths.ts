// Where an entry lands in each form. A case states paths relative to its
// bundle root; folder and uploads put them under the root's folder name, and
// a tar stores them under that name too (`wrapped`) or as stated (`bare`).
import type { Case, Entry } from "./types.js";

const encoder = new TextEncoder();

export function rootOf(c: Case): string {
  return c.root ?? "bundle";
}

export function kindOf(entry: Entry): NonNullable<Entry["kind"]> {
  return entry.kind ?? "file";
}

/**
 * The path relative to the root with one leading "./" dropped, as a folder or
 * upload holds it; "" for the root itself (a bare archive's "./" member).
 */
export function relativeOf(entry: Entry): string {
  if (entry.path === "." || entry.path === "./") return "";
  return entry.path.startsWith("./") ? entry.path.slice(2) : entry.path;
}

/** The path under the root's folder name: what a folder or an upload contributes. */
export function rootedOf(c: Case, entry: Entry): string {
  return `${rootOf(c)}/${relativeOf(entry)}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The member name a tar stores for an entry, as bytes (directories end in "/"). */
export function memberNameOf(c: Case, entry: Entry): Uint8Array {
  const override = entry.tar?.name;
  if (override !== undefined)
    return typeof override === "string" ? encoder.encode(override) : override;
  const bare = c.layout === "bare";
  const wrapper = bare ? [] : [encoder.encode(`${rootOf(c)}/`)];
  // Wrapped, a leading "./" is dropped as the folder and uploads drop it: one path, every form.
  const own = entry.rawPath ?? encoder.encode(bare ? entry.path : relativeOf(entry));
  const slash = kindOf(entry) === "dir" && !entry.path.endsWith("/") ? [encoder.encode("/")] : [];
  return concat([...wrapper, own, ...slash]);
}

const plain = (segment: string): boolean => segment !== "" && segment !== "." && segment !== "..";

/**
 * The parent directories a packer would store before a member, outermost
 * first ("bundle/", "bundle/a/"). Stops at the first segment that is not a
 * plain name, so a hostile path is refused for itself, not for a parent.
 */
export function impliedDirsOf(c: Case, entry: Entry): string[] {
  if (entry.tar?.name !== undefined) return [];
  const wrapper = c.layout === "bare" ? [] : [rootOf(c)];
  const path = c.layout === "bare" ? entry.path : relativeOf(entry);
  const segments = entry.rawPath === undefined ? path.split("/").slice(0, -1) : [];
  const dirs: string[] = [];
  let at = "";
  for (const segment of [...wrapper, ...segments]) {
    if (!plain(segment) || segment.startsWith("/")) break;
    at = `${at}${segment}/`;
    dirs.push(at);
  }
  return dirs;
}

/** Encodes text as UTF-8; shared so every builder writes the same bytes. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The content bytes of a file entry. */
export function contentOf(entry: Entry): Uint8Array {
  if (entry.bytes !== undefined) return entry.bytes;
  if (entry.zeros !== undefined) return new Uint8Array(entry.zeros);
  return encoder.encode(entry.text ?? "");
}

/** The content length of a file entry, without building it. */
export function sizeOf(entry: Entry): number {
  if (entry.zeros !== undefined) return entry.zeros;
  return contentOf(entry).length;
}

export { concat };
