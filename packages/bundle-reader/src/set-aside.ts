// Entries a bundle carries without meaning to: macOS metadata (.DS_Store and
// AppleDouble "._" files, and in a zip the __MACOSX directory Finder's
// "Compress" fills with them) and a git checkout's .git directory. They are
// set aside rather than refused, but only after their paths and kinds have
// been judged, so a "._x" symbolic link is still refused as a link. Paths
// are read as strings, never split: an entry 2,000 levels deep costs one
// scan of its path, not 2,000 segments.

/** A directory set aside with everything below it. */
export function isSetAsideDirectory(segment: string, zip: boolean): boolean {
  return segment === ".git" || (zip && segment === "__MACOSX");
}

/**
 * Whether the entry at `path` (segments joined by "/") is set aside, and if
 * so the deepest directory it still shows to exist: the one holding it, or
 * the one above the first set-aside directory on its path ("" for none).
 */
export function setAsideOf(
  path: string,
  directory: boolean,
  zip = false,
): { setAside: false } | { setAside: true; shows: string } {
  const aside = firstSetAsideDirectory(path, zip);
  if (aside !== -1) {
    const isLast = path.indexOf("/", aside) === -1;
    if (!isLast || directory) return { setAside: true, shows: parentAt(path, aside) };
  }
  const slash = path.lastIndexOf("/");
  const base = path.slice(slash + 1);
  if (base === ".DS_Store" || base.startsWith("._")) {
    return { setAside: true, shows: slash === -1 ? "" : path.slice(0, slash) };
  }
  return { setAside: false };
}

/** Where the first segment naming a set-aside directory starts, or -1. */
function firstSetAsideDirectory(path: string, zip: boolean): number {
  const git = segmentAt(path, ".git");
  if (!zip) return git;
  const macos = segmentAt(path, "__MACOSX");
  if (git === -1) return macos;
  return macos === -1 ? git : Math.min(git, macos);
}

/** Where the first segment equal to `name` starts, or -1. */
function segmentAt(path: string, name: string): number {
  for (let at = path.indexOf(name); at !== -1; at = path.indexOf(name, at + 1)) {
    const end = at + name.length;
    const starts = at === 0 || path.charCodeAt(at - 1) === 0x2f;
    if (starts && (end === path.length || path.charCodeAt(end) === 0x2f)) return at;
  }
  return -1;
}

/** The directory holding the segment that starts at `at` ("" at the top). */
const parentAt = (path: string, at: number): string => (at === 0 ? "" : path.slice(0, at - 1));
