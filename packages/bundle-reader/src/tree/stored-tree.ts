// A stored skill's tree (the builtin root's, or the directory store's), walked
// by the one tree walk with a stored tree's rules: entries named by their
// path below the skill, every directory entered (`.git` included, nothing is
// set aside: the tree is read exactly as the store holds it), a regular file
// left for its reader to describe as it reads it (a hard link is a file the
// store may hold), an entry removed since it was listed passed over (the
// store replaced the skill meanwhile), and each directory held open while
// it and everything below it is read (held-directory.ts), so a directory
// swapped for a link is refused, never followed: one handle per level of the
// directory being read. The walk judges no path and reads no byte; the
// caller reads each file through the directory handed over with it.
import { HELD_DIRECTORIES, type HeldDirectory } from "./held-directory.js";
import { type TreeEntry, type TreeFailure, type TreeRules, walkTree } from "./walk-tree.js";

/** One entry of a stored tree, handed over while the directory it is in (`dir`) is held; `raw` is its path. */
export type StoredTreeEntry = Pick<
  TreeEntry<HeldDirectory>,
  "raw" | "name" | "kind" | "detail" | "looked" | "utf8" | "dir"
>;

/** How a walk of a stored tree ended: every entry handed over, stopped by the caller's answer, or short. */
export type StoredTreeEnd<S> = { kind: "walked" } | { kind: "stopped"; answer: S } | TreeFailure;

const STORED: TreeRules<HeldDirectory> = {
  holder: HELD_DIRECTORIES,
  prefix: "",
  describeFiles: false,
  passOverVanished: true,
};

/**
 * Hands each entry below `dir` to `visit`, in the walk's order (depth first,
 * names by byte order), while the directory the entry is in is held, and
 * stops at the first answer `visit` gives (anything but undefined).
 */
export function walkStoredTree<S>(
  dir: string,
  visit: (entry: StoredTreeEntry) => S | undefined,
): StoredTreeEnd<S> {
  const walk = walkTree(dir, STORED);
  try {
    for (;;) {
      const step = walk.next();
      if (step.done) return step.value ?? { kind: "walked" };
      if (!("raw" in step.value)) continue;
      const answer = visit(step.value);
      if (answer !== undefined) return { kind: "stopped", answer };
    }
  } finally {
    // Lets go of every directory still held when the walk stopped short.
    walk.return(undefined);
  }
}
