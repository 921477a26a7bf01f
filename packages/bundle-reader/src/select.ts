// Which part of a source is the bundle (contract 1, rules 1 to 5), decided
// from paths and kinds alone, before anything is judged: the root (the
// source's top, its one wrapper directory, or the `path` asked for), and what
// lies there (one skill, or a collection of skill directories, with the
// dot-directories beside them set aside and the first layout problem noted).
// Nothing here reads a body or refuses a path: the selection it returns is
// what judge-entries.ts then holds to every rule, so nothing outside it is
// ever judged, returned or followed.

import { sortByPath } from "@skillshelf/contract";
import type { RecordedEntry } from "./entries.js";
import type { Wanted } from "./ledger.js";
import { setAsideOf } from "./set-aside.js";

const SKILL_FILE = "SKILL.md";

/**
 * An entry, whether it is set aside (macOS metadata, .git or __MACOSX
 * content), and for one that is, the deepest directory it still shows to
 * exist ("" for none). Paths stay whole strings: every question asked of
 * them here is about their first few segments, so an entry 2,000 levels
 * deep is never split into 2,000 pieces.
 */
export type Placed = {
  entry: RecordedEntry;
  setAside: boolean;
  shows: string;
};

/** One name directly below a directory. */
type Child = { name: string; file: RecordedEntry | undefined; directory: boolean; skill: boolean };

/** The root chosen: its segments, and the prefix a `path` is matched under (a wrapper). */
export type Root = { segments: string[]; base: string[]; asked: boolean };

/** What lies at the root. */
export type Layout = {
  /** The skill directories (segments), or the root itself for a root skill. */
  skills: { name: string; segments: string[] }[];
  /** Dot-directories beside the skills of a collection: set aside, never judged. */
  setAside: string[][];
  /** The first problem of the layout, in path order, if any. */
  problem?: {
    code: "stray-file" | "missing-skill-file" | "no-skills";
    raw?: string;
    name?: string;
  };
  /** A skill at the root, which needs a name (`unnamed-skill` when it has none). */
  rootSkill: boolean;
};

/** The entries, each with whether it is set aside and what directories it still shows. */
export function placeEntries(entries: readonly RecordedEntry[], zip = false): Placed[] {
  return entries.map((entry) => {
    const aside = setAsideOf(entry.path, entry.kind === "directory", zip);
    return { entry, setAside: aside.setAside, shows: aside.setAside ? aside.shows : "" };
  });
}

/** The `path` option as segments, or undefined when it is not a plain relative path. */
export function pathSegments(path: string): string[] | undefined {
  let p = path.startsWith("./") ? path.slice(2) : path;
  while (p.endsWith("/")) p = p.slice(0, -1);
  const segments = p.split("/");
  if (p === "" || segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\"))) {
    return undefined;
  }
  return segments;
}

/** Which files' bodies a source must keep for `path`: those that may lie under it. */
export function wantedFor(path: string | undefined): Wanted {
  const segments = path === undefined ? undefined : pathSegments(path);
  if (path === undefined) return () => true;
  if (segments === undefined) return () => false;
  const prefix = `${segments.join("/")}/`;
  return (p) => {
    if (p.startsWith(prefix)) return true;
    const slash = p.indexOf("/");
    return slash !== -1 && p.slice(slash + 1).startsWith(prefix);
  };
}

/** What a path must start with to lie strictly below the directory `segments` ("" for the top). */
export const prefixOf = (segments: readonly string[]): string =>
  segments.length === 0 ? "" : `${segments.join("/")}/`;

/** Whether `path` lies strictly below the directory whose prefix (from `prefixOf`) is `prefix`. */
export const liesBelow = (path: string, prefix: string): boolean =>
  prefix === "" || path.startsWith(prefix);

/** A path that shows a directory exists, and the entry it is (none for a set-aside entry's parents). */
type Shown = { path: string; entry?: RecordedEntry };

/**
 * The directories each structural entry shows to exist, and the entry: a
 * set-aside entry shows only its parents (up to a .git directory), so a
 * folder holding only .DS_Store is still a directory.
 */
function structure(placed: readonly Placed[]): Shown[] {
  const out: Shown[] = [];
  for (const p of placed) {
    if (!p.setAside) out.push({ path: p.entry.path, entry: p.entry });
    else if (p.shows !== "") out.push({ path: p.shows });
  }
  return out;
}

/** The immediate children of the directory `segments`, by name. */
function childrenOf(shown: readonly Shown[], segments: readonly string[]): Map<string, Child> {
  const children = new Map<string, Child>();
  const prefix = prefixOf(segments);
  for (const { path, entry } of shown) {
    if (!liesBelow(path, prefix)) continue;
    const slash = path.indexOf("/", prefix.length);
    const name = path.slice(prefix.length, slash === -1 ? undefined : slash);
    let child = children.get(name);
    if (child === undefined) {
      child = { name, file: undefined, directory: false, skill: false };
      children.set(name, child);
    }
    if (slash === -1 && entry !== undefined && entry.kind !== "directory") child.file = entry;
    else child.directory = true;
    if (
      slash !== -1 &&
      entry !== undefined &&
      entry.kind === "file" &&
      path.length === slash + 1 + SKILL_FILE.length &&
      path.endsWith(SKILL_FILE)
    ) {
      child.skill = true;
    }
  }
  return children;
}

/**
 * The root, by rules 3 and 5: without `path`, the source's top, or its one
 * wrapper directory when that holds everything and is not itself a skill;
 * with `path`, that directory as stored, or under the one wrapper when
 * nothing lies under it as stored. Undefined when `path` names nothing.
 */
export function chooseRoot(
  placed: readonly Placed[],
  path: string[] | undefined,
): Root | undefined {
  const shown = structure(placed);
  const top = childrenOf(shown, []);
  const only = top.size === 1 ? [...top.values()][0]! : undefined;
  const wrapper = only !== undefined && only.file === undefined ? only.name : undefined;
  if (path === undefined) {
    if (top.get(SKILL_FILE)?.file !== undefined) return { segments: [], base: [], asked: false };
    if (wrapper !== undefined && !only!.skill) {
      return { segments: [wrapper], base: [wrapper], asked: false };
    }
    return { segments: [], base: [], asked: false };
  }
  const asStored = prefixOf(path);
  if (shown.some((s) => liesBelow(s.path, asStored))) {
    return { segments: path, base: [], asked: true };
  }
  if (wrapper !== undefined) {
    const under = [wrapper, ...path];
    const underWrapper = prefixOf(under);
    if (shown.some((s) => liesBelow(s.path, underWrapper))) {
      return { segments: under, base: [wrapper], asked: true };
    }
  }
  return undefined;
}

/** Rules 1, 2 and 4 at the root: one skill, or a collection and its first problem. */
export function layOut(
  placed: readonly Placed[],
  root: Root,
  archiveName: string | undefined,
): Layout {
  const shown = structure(placed);
  const children = childrenOf(shown, root.segments);
  if (children.get(SKILL_FILE)?.file !== undefined) {
    const name = root.asked ? root.segments.at(-1)! : archiveName;
    return {
      skills: name === undefined || name === "" ? [] : [{ name, segments: root.segments }],
      setAside: [],
      rootSkill: true,
    };
  }
  const layout: Layout = { skills: [], setAside: [], rootSkill: false };
  const ordered = sortByPath([...children.values()], (child) => child.name);
  if (!ordered.some((child) => child.file === undefined && !isDotDirectoryName(child.name))) {
    layout.problem = { code: "no-skills" };
  }
  for (const child of ordered) {
    const segments = [...root.segments, child.name];
    if (child.file !== undefined) {
      layout.problem ??= { code: "stray-file", raw: child.file.raw };
    } else if (isDotDirectoryName(child.name)) {
      layout.setAside.push(segments);
    } else if (!child.skill) {
      layout.problem ??= { code: "missing-skill-file", raw: segments.join("/"), name: child.name };
    } else {
      layout.skills.push({ name: child.name, segments });
    }
  }
  return layout;
}

/** A name starting with "." that is a name (not "." or ".."): a directory set aside beside skills. */
const isDotDirectoryName = (name: string): boolean =>
  name.startsWith(".") && name !== "." && name !== "..";

/** A group of skill directories deeper than the root's children, by the `path` that selects them. */
export type Deeper = { path: string; directories: string[][] };

/**
 * The directories holding SKILL.md below the root's own children (none
 * inside another such directory), grouped by their parent, most first: where
 * the skills are when the root holds none. `path` is what to pass as the
 * `path` option to select each group.
 */
export function findDeeper(placed: readonly Placed[], root: Root): Deeper[] {
  const prefix = prefixOf(root.segments);
  const holders: string[] = [];
  for (const { entry, setAside } of placed) {
    if (setAside || entry.kind !== "file") continue;
    const { path } = entry;
    if (path.length <= SKILL_FILE.length || !path.endsWith(`/${SKILL_FILE}`)) continue;
    const directory = path.slice(0, -SKILL_FILE.length - 1);
    if (liesBelow(directory, prefix)) holders.push(directory);
  }
  // In depth-first order a directory's descendants follow it at once, so one
  // stack of the holders still open tells whether a holder lies inside
  // another. This is a walk order, not path order: by bytes, "a-b" would come
  // between "a" and "a/c", and the stack would lose "a" before "a/c".
  const open: string[] = [];
  const groups = new Map<string, string[][]>();
  const selecting = selectingPaths(placed, root);
  for (const directory of sortDepthFirst(holders)) {
    while (open.length > 0 && !directory.startsWith(`${open.at(-1)!}/`)) open.pop();
    const nested = open.length > 0;
    open.push(directory);
    // The root's own children are its skills, not skills found deeper.
    if (nested || directory.indexOf("/", prefix.length) === -1) continue;
    const segments = directory.split("/");
    const path = selecting(segments.slice(0, -1));
    const group = groups.get(path) ?? [];
    group.push(segments);
    groups.set(path, group);
  }
  const found = sortByPath(
    [...groups].map(([path, directories]) => ({ path, directories })),
    (g) => g.path,
  );
  return found.sort((a, b) => b.directories.length - a.directories.length);
}

/**
 * The `path` that selects a directory (segments as stored), for chooseRoot:
 * its path below the wrapper, unless that path also lies as stored, which
 * chooseRoot matches first. A clone of a repository named after its own
 * `skills/` is `skills/skills/...`: there `skills` is the wrapper itself, so
 * the skills are selected by `skills/skills`, their path as stored. Only a
 * path starting with the wrapper's name can lie as stored; for those, the
 * paths are sorted once and each is looked up by bisection, so many such
 * directories cost no scan each.
 */
function selectingPaths(placed: readonly Placed[], root: Root): (parent: string[]) => string {
  let stored: string[] | undefined;
  return (parent) => {
    const below = parent.slice(root.base.length);
    if (root.base.length === 0 || below[0] !== root.base[0]) return below.join("/");
    stored ??= structure(placed)
      .map((shown) => shown.path)
      .sort();
    return liesAnythingBelow(stored, prefixOf(below)) ? parent.join("/") : below.join("/");
  };
}

/** Whether a path of `sorted` (in code-unit order) starts with `prefix`. */
function liesAnythingBelow(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return sorted[low]?.startsWith(prefix) === true;
}

/**
 * Directories in depth-first order (each right before what lies in it):
 * their UTF-8 bytes compared with "/" as the lowest byte, so "a/c" precedes
 * "a-b". Encoded once each, the keys compare natively however deep the tree.
 */
function sortDepthFirst(directories: readonly string[]): string[] {
  const keyed = directories.map((directory) => {
    const key = Buffer.from(directory, "utf8");
    for (let i = 0; i < key.length; i++) if (key[i] === 0x2f) key[i] = 0;
    return { directory, key };
  });
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  return keyed.map(({ directory }) => directory);
}
