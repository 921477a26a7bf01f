// How a count and a byte count are shown to a person, in one place: the
// CLI's tables and progress, the refusal and warning sentences, and the
// server's answers to the web console (which formats nothing itself), all say
// numbers and sizes the same way.

/**
 * A count grouped by thousands as en-US writes it (12,345), without
 * toLocaleString: ICU's first use costs a process about 30 ms, more than the
 * rest of a CLI's start, and the sentences need no locale but this one.
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A byte count as a person reads it: 812 B, 4.1 KiB, 12.0 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
