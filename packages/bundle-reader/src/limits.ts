// The reader's fixed limits, published so that callers (an HTTP body cap, a
// CLI progress bar) can size themselves to match.

export const MAX_ENTRIES: number = 10_000;
export const MAX_BYTES: number = 64 * 1024 * 1024;

export function limits(): { maxEntries: number; maxBytes: number } {
  return { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES };
}
