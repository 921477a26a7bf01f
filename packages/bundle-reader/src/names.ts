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
   * The parent directory of the last entry, how many segments it has, and
   * where it sits: entries mostly come grouped by directory, and a
   * directory's subdirectories mostly follow it, so the next parent is the
   * same or lies below it and only the segments past it need walking.
   */
  private lastParent: string | undefined;
  private lastDepth = 0;
  private lastPlace: Place = this.root;
  /** Where each parent directory seen so far sits, by its exact path: a folder walk climbs back up. */
  private readonly places = new Map<string, Place>();

  /** Records an entry and the directories its path implies; `raw` names it in a refusal. */
  recordEntry(
    raw: string,
    path: string,
    segments: string[],
    directory: boolean,
  ): Refusal | undefined {
    const last = segments.length - 1;
    const parent = path.slice(0, Math.max(0, path.lastIndexOf("/")));
    let place: Place;
    if (parent === this.lastParent) {
      place = this.lastPlace;
    } else {
      const known = this.places.get(parent);
      const below =
        known === undefined &&
        this.lastParent !== undefined &&
        this.lastDepth > 0 &&
        parent.length > this.lastParent.length &&
        parent.charCodeAt(this.lastParent.length) === 0x2f &&
        parent.startsWith(this.lastParent);
      const walked =
        known ??
        (below
          ? this.walk(raw, segments, last, this.lastDepth, this.lastPlace)
          : this.walk(raw, segments, last));
      if ("code" in walked) return walked;
      place = walked;
      this.places.set(parent, place);
      this.lastParent = parent;
      this.lastDepth = last;
      this.lastPlace = place;
    }
    const entry = this.step(raw, place, segments[last]!, !directory, true);
    return "code" in entry ? entry : undefined;
  }

  /** Records the directories named by the first `count` segments, as implied by `raw`. */
  recordParents(raw: string, segments: string[], count: number): Refusal | undefined {
    const walked = this.walk(raw, segments, count);
    return "code" in walked ? walked : undefined;
  }

  /** Walks segments `from` to `count` down from `start` (the root, or the place of segment `from`). */
  private walk(
    raw: string,
    segments: string[],
    count: number,
    from = 0,
    start: Place = this.root,
  ): Place | Refusal {
    let place = start;
    for (let i = from; i < count; i++) {
      const next = this.step(raw, place, segments[i]!, false, false);
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
