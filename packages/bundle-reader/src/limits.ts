// The reader's fixed limits, published so that callers (an HTTP body cap, a
// CLI progress bar) can size themselves to match.

export const MAX_ENTRIES: number = 10_000;
export const MAX_BYTES: number = 64 * 1024 * 1024;
/**
 * The most bytes of archive the reader takes in. A zip is read whole, and it
 * holds its members beside a local and a central header for each, so it may
 * be larger than what it expands to: room is left for 1 KiB of headers per
 * entry and the longest comment. A tar.gz within the limits is always smaller.
 */
export const MAX_ARCHIVE_BYTES: number = MAX_BYTES + MAX_ENTRIES * 1024 + 64 * 1024;

export function limits(): { maxEntries: number; maxBytes: number } {
  return { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES };
}

/** The largest archive file or body the reader accepts, for callers that buffer one. */
export function maxArchiveBytes(): number {
  return MAX_ARCHIVE_BYTES;
}
