// Every fixed limit a skill, a bundle or a payload is held to, in one place:
// the reader enforces the bundle limits while reading, the catalog and the
// destination the SKILL.md and payload caps, and the surfaces size their own
// buffers (an HTTP body, a path field) from the same figures.

/** The most entries (files, directories, links, set-aside ones) a bundle may hold. */
export const MAX_ENTRIES: number = 10_000;
/** The most bytes a bundle may expand to. */
export const MAX_BYTES: number = 64 * 1024 * 1024;
/**
 * The most bytes of archive the reader takes in. A zip is read whole, and it
 * holds its members beside a local and a central header for each, so it may
 * be larger than what it expands to: room is left for 1 KiB of headers per
 * entry and the longest comment. A tar.gz within the limits is always smaller.
 */
export const MAX_ARCHIVE_BYTES: number = MAX_BYTES + MAX_ENTRIES * 1024 + 64 * 1024;
/** The longest path, in UTF-8 bytes. */
export const MAX_PATH_BYTES: number = 4096;
/** The longest name (one segment of a path), in UTF-8 bytes. */
export const MAX_SEGMENT_BYTES: number = 255;
/** The largest SKILL.md, in bytes, that is offered or installed. */
export const MAX_SKILL_FILE_BYTES: number = 262_144;
/**
 * The most UTF-8 bytes the offered skills' bodies may total in one payload: a
 * worker holds every body in memory at once, and the per-file cap alone would
 * let ten thousand skills add up to gigabytes.
 */
export const MAX_PAYLOAD_BYTES: number = 2_097_152;

/** The bundle limits, for callers that set their own caps to match. */
export function limits(): { maxEntries: number; maxBytes: number } {
  return { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES };
}

/** The largest archive file or body the reader accepts, for callers that buffer one. */
export function maxArchiveBytes(): number {
  return MAX_ARCHIVE_BYTES;
}
