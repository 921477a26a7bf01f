// Git LFS content is never fetched (no smudge filter runs), so a file kept in
// LFS arrives as its pointer: a few lines of text that would pass for the
// file and be imported in its place. A pointer among the files read is
// refused, naming it, the way a submodule is.
import type { RecordedEntry } from "../entries.js";
import type { Refusal } from "../types.js";

const POINTER = new TextEncoder().encode("version https://git-lfs.github.com/spec/v1\n");
// The specification keeps pointer files below 1,024 bytes.
const MAX_POINTER_BYTES = 1024;

/** The first LFS pointer among `entries`, in source order, as a refusal; undefined when none. */
export function lfsPointerRefusal(entries: readonly RecordedEntry[]): Refusal | undefined {
  for (const entry of entries) {
    if (entry.kind !== "file" || !(entry.bytes instanceof Uint8Array)) continue;
    if (isPointer(entry.bytes)) {
      return {
        code: "not-regular-file",
        path: entry.raw,
        detail: "a Git LFS pointer, whose content is never fetched",
      };
    }
  }
  return undefined;
}

function isPointer(bytes: Uint8Array): boolean {
  if (bytes.length >= MAX_POINTER_BYTES || bytes.length < POINTER.length) return false;
  return POINTER.every((byte, at) => bytes[at] === byte);
}
