// Every name a source has used, so that two entries one file system would
// store as the same file are caught: the same path twice, paths equal under
// either collision key (name-keys.ts), and a path used both as a file and as
// a directory (including the directories a path implies by its parents).
//
// Names are kept as two trees of segments, one per key, so recording a path
// costs one step per segment whatever the depth: a path's parents are found
// by walking down from the root, never by building and hashing every prefix
// (which made a tree 2,000 levels deep cost time quadratic in its depth).
import { nameKeys } from "./name-keys.js";
import type { Refusal } from "./types.js";

type Node = {
  /** The segment as first spelled here. */
  segment: string;
  parent: Node | undefined;
  file: boolean;
  /** Whether an entry named this path itself, rather than implying it as a parent. */
  explicit: boolean;
  children: Map<string, Node> | undefined;
};

type Place = { fold: Node; upper: Node };

const rootNode = (): Node => ({
  segment: "",
  parent: undefined,
  file: false,
  explicit: false,
  children: undefined,
});

export class NameIndex {
  private readonly root: Place = { fold: rootNode(), upper: rootNode() };
  /**
   * The parent directory of the last entry and where it sits: entries mostly
   * come grouped by directory, and a directory's subdirectories mostly follow
   * it, so the next parent is the same or lies below it and only the
   * segments past it need walking (and splitting).
   */
  private lastParent: string | undefined;
  private lastPlace: Place = this.root;
  /** Where each parent directory seen so far sits, by its exact path: a folder walk climbs back up. */
  private readonly places = new Map<string, Place>();

  /** Records an entry (`path`, as judged) and the directories it implies; `raw` names it in a refusal. */
  recordEntry(raw: string, path: string, directory: boolean): Refusal | undefined {
    const slash = path.lastIndexOf("/");
    const parent = slash === -1 ? "" : path.slice(0, slash);
    let place: Place;
    if (parent === this.lastParent) {
      place = this.lastPlace;
    } else {
      const last = this.lastParent;
      const below =
        last !== undefined &&
        last !== "" &&
        parent.length > last.length &&
        parent.charCodeAt(last.length) === 0x2f &&
        parent.startsWith(last);
      const walked =
        this.places.get(parent) ??
        (below
          ? this.walk(raw, parent.slice(last.length + 1).split("/"), this.lastPlace)
          : parent === ""
            ? this.root
            : this.walk(raw, parent.split("/")));
      if ("code" in walked) return walked;
      place = walked;
      this.places.set(parent, place);
      this.lastParent = parent;
      this.lastPlace = place;
    }
    const entry = this.step(raw, place, path.slice(slash + 1), !directory, true);
    return "code" in entry ? entry : undefined;
  }

  /** Records the directory `directory` and those above it, as implied by `raw`. */
  recordParents(raw: string, directory: string): Refusal | undefined {
    const walked = this.walk(raw, directory.split("/"));
    return "code" in walked ? walked : undefined;
  }

  /** Walks down `segments` from `start` (the root, or the place they continue from). */
  private walk(
    raw: string,
    segments: readonly string[],
    start: Place = this.root,
  ): Place | Refusal {
    let place = start;
    for (const segment of segments) {
      const next = this.step(raw, place, segment, false, false);
      if ("code" in next) return next;
      place = next;
    }
    return place;
  }

  /** One segment down both trees, judging what was there already. */
  private step(
    raw: string,
    place: Place,
    segment: string,
    file: boolean,
    explicit: boolean,
  ): Place | Refusal {
    const keys = nameKeys(segment);
    const fold = stepInto(raw, place.fold, keys.fold, segment, file, explicit);
    if ("code" in fold) return fold;
    const upper = stepInto(raw, place.upper, keys.upper, segment, file, explicit);
    if ("code" in upper) return upper;
    return { fold, upper };
  }
}

function stepInto(
  raw: string,
  parent: Node,
  key: string,
  segment: string,
  file: boolean,
  explicit: boolean,
): Node | Refusal {
  parent.children ??= new Map();
  const seen = parent.children.get(key);
  if (seen === undefined) {
    const node = { segment, parent, file, explicit, children: undefined };
    parent.children.set(key, node);
    return node;
  }
  // The parents matched exactly on the way down (or were refused), so
  // comparing this segment compares the whole path.
  if (seen.segment !== segment) return { code: "duplicate-path", path: raw, other: pathOf(seen) };
  if (seen.file !== file) return { code: "file-and-directory", path: raw, other: pathOf(seen) };
  if (seen.explicit && explicit) return { code: "duplicate-path", path: raw, other: pathOf(seen) };
  seen.explicit ||= explicit;
  return seen;
}

/** The path of a node, built only for a refusal. */
function pathOf(node: Node): string {
  const segments: string[] = [];
  for (let at: Node | undefined = node; at?.parent !== undefined; at = at.parent) {
    segments.push(at.segment);
  }
  return segments.reverse().join("/");
}
