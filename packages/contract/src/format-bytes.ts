// How a byte count is shown to a person, in one place: the CLI's tables and
// progress, and the server's answers to the web console (which formats
// nothing itself), all say sizes the same way.

/** A byte count as a person reads it: 812 B, 4.1 KiB, 12.0 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
