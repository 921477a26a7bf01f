// Where each directory of a folder is, as a path the kernel resolves cheaply.
// The kernel resolves every component of a path on every call, so in a tree
// 2,000 directories deep each lstat or open of a 4,000-byte path walks 2,000
// components (about 70 µs a call, 90% of a plain walk of such a tree). Node
// has no openat, and a library must never chdir; on Linux a held directory
// handle names its directory as /proc/self/fd/<fd>, a link the kernel
// follows to the directory itself, not to its path. So once a directory lies
// more than HOPS components, or PLAIN_BYTES bytes, below the last place held
// (or the root), it is opened (as a directory, never through a link) and
// held, and the paths below it start from its handle; so no path handed to
// the system nears PATH_MAX either, however long the tree's paths on disk.
// Shallow folders, and systems without /proc/self/fd, use plain paths and
// hold nothing. Handles are held until the read is over, at most MAX_HELD of
// them; beyond that paths simply grow longer. (Below about 32 components a
// plain path resolves faster than one through /proc.)
import { closeQuietly, lstatOf, openDirectory } from "./fs-calls.js";

/** A directory: the path to hand the system, and how many components it has beyond its last held handle. */
export type Place = { path: string; hops: number };

const HOPS = 32;
const PLAIN_BYTES = 2048;
const MAX_HELD = 256;
const PROC_FD = "/proc/self/fd/";

export class Places {
  private readonly held: number[] = [];
  private usable = process.platform === "linux";

  /** The place of `name` inside `parent`: the same path longer, or a handle held on it. */
  child(parent: Place, name: string): Place {
    const path = `${parent.path}/${name}`;
    const near = parent.hops < HOPS && Buffer.byteLength(path) <= PLAIN_BYTES;
    if (near || !this.usable || this.held.length >= MAX_HELD) {
      return { path, hops: parent.hops + 1 };
    }
    const opened = openDirectory(path);
    // A directory that will not open keeps its plain path: listing it then
    // fails, or not, with the system's own words.
    if (opened === undefined || !opened.ok) return { path, hops: parent.hops + 1 };
    const handle = `${PROC_FD}${opened.value}`;
    if (this.held.length === 0 && !lstatOf(`${handle}/.`).ok) {
      // No /proc here (or not this one): plain paths for the rest of the read.
      closeQuietly(opened.value);
      this.usable = false;
      return { path, hops: parent.hops + 1 };
    }
    this.held.push(opened.value);
    return { path: handle, hops: 0 };
  }

  /** Lets go of every handle; the places handed out are no longer valid. */
  release(): void {
    for (const fd of this.held.splice(0)) closeQuietly(fd);
  }
}

/** The place of a folder's top directory, given by its absolute path. */
export function topPlace(absolute: string): Place {
  return { path: absolute, hops: absolute.split("/").length - 1 };
}
