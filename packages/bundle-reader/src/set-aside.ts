// Entries a bundle carries without meaning to: macOS metadata (.DS_Store and
// AppleDouble "._" files, and in a zip the __MACOSX directory Finder's
// "Compress" fills with them) and a git checkout's .git directory. They are
// set aside rather than refused, but only after their paths and kinds have
// been judged, so a "._x" symbolic link is still refused as a link.

/** Whether an entry with these path segments is set aside; `zip` adds __MACOSX. */
export function isSetAside(segments: readonly string[], directory: boolean, zip = false): boolean {
  const last = segments.length - 1;
  const base = segments[last] ?? "";
  if (base === ".DS_Store" || base.startsWith("._")) return true;
  if (directory && isSetAsideDirectory(base, zip)) return true;
  for (let i = 0; i < last; i++) if (isSetAsideDirectory(segments[i]!, zip)) return true;
  return false;
}

/** A directory set aside with everything below it. */
export function isSetAsideDirectory(segment: string, zip: boolean): boolean {
  return segment === ".git" || (zip && segment === "__MACOSX");
}
