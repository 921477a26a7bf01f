// Where each directory of a source folder is, as a path the kernel resolves
// cheaply: the tree walk's holder for a source (walk-tree.ts). The kernel
// resolves every component of a path on every call, so in a tree 2,000
// directories deep each lstat or open of a 4,000-byte path walks 2,000
// components (about 70 µs a call, 90% of a plain walk of such a tree). Node
// has no openat, and a library must never chdir; a directory held open is
// named through its handle (held-directory.ts), which the kernel resolves to
// the directory itself, not to its path. So once a directory lies more than
// HOPS components, or PLAIN_BYTES bytes, below the last place held (or the
// root), it is held, and the paths below it start from its handle; so no
// path handed to the system nears PATH_MAX either, however long the tree's
// paths on disk. Shallow folders, and systems where a handle cannot name its
// directory, use plain paths and hold nothing. Handles are held until the
// read is over (its files are read after the walk, from these paths), at
// most MAX_HELD of them; beyond that paths simply grow longer. (Below about
// 32 components a plain path resolves faster than one through /proc, which
// is why a source's directories are not each held as a stored tree's are.)
import {
  type HeldDirectory,
  holdDirectory,
  namedByHandle,
  releaseDirectory,
} from "../tree/held-directory.js";
import type { Entered, Holder } from "../tree/walk-tree.js";

/** A directory: the path to hand the system, and how many components it has beyond its last held handle. */
export type Place = { path: string; hops: number };

const HOPS = 32;
const PLAIN_BYTES = 2048;
const MAX_HELD = 256;

export class Places implements Holder<Place> {
  private readonly held: HeldDirectory[] = [];

  /** The folder's top directory, by its absolute path. */
  top(absolute: string): Entered<Place> {
    return { kind: "held", dir: { path: absolute, hops: absolute.split("/").length - 1 } };
  }

  /** The place of `name` inside `parent`: the same path longer, or a handle held on it. */
  child(parent: Place, name: string): Entered<Place> {
    const path = `${parent.path}/${name}`;
    const plain: Entered<Place> = { kind: "held", dir: { path, hops: parent.hops + 1 } };
    const near = parent.hops < HOPS && Buffer.byteLength(path) <= PLAIN_BYTES;
    if (near || this.held.length >= MAX_HELD) return plain;
    const opened = holdDirectory(path);
    // Swapped for a link since it was listed: never followed.
    if (opened.kind === "link") return opened;
    // A directory that will not open keeps its plain path: listing it then
    // fails, or not, with the system's own words.
    if (opened.kind !== "held") return plain;
    if (!namedByHandle(opened.dir)) {
      releaseDirectory(opened.dir);
      return plain;
    }
    this.held.push(opened.dir);
    return { kind: "held", dir: { path: opened.dir.base, hops: 0 } };
  }

  listing(place: Place): string {
    return place.path;
  }

  pathIn(place: Place, name: string): string {
    return `${place.path}/${name}`;
  }

  /** A source's directories are named by path, not held: nothing is checked after a listing. */
  stillHeld(): boolean {
    return true;
  }

  /** Nothing to let go before the read is over: its files are read from these places. */
  leave(): void {}

  /** Lets go of every handle; the places handed out are no longer valid. */
  release(): void {
    for (const dir of this.held.splice(0)) releaseDirectory(dir);
  }
}
