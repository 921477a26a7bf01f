// Entries a bundle carries without meaning to: macOS metadata (.DS_Store and
// AppleDouble "._" files) and a git checkout's .git directory. They are set
// aside rather than refused, but only after their paths and kinds have been
// judged, so a "._x" symbolic link is still refused as a link.

/** Whether an entry with these path segments is set aside. */
export function isSetAside(segments: readonly string[], directory: boolean): boolean {
  const last = segments.length - 1;
  const base = segments[last] ?? "";
  if (base === ".DS_Store" || base.startsWith("._")) return true;
  if (directory && base === ".git") return true;
  for (let i = 0; i < last; i++) if (segments[i] === ".git") return true;
  return false;
}
