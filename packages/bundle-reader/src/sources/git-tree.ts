// The tree at the fetched commit, judged from git's object store before a
// single file is written: the directory `path` selects (as the folder reader
// chooses it: below the repository's name first, else as written), how many
// entries and bytes it holds against the reader's limits (a tree of small,
// highly compressible blobs would otherwise be written out whole before the
// folder reader could count it), and its submodules, which are never
// fetched and so are refused rather than read as empty directories.
import { MAX_BYTES, MAX_ENTRIES } from "@skillshelf/contract";
import { pathSegments } from "../select.js";
import type { Refusal } from "../types.js";
import { type GitRun, runGit } from "./git-run.js";

export type Survey =
  | { ok: true; prefix: string | undefined; empty: boolean }
  | { ok: false; refusal: Refusal }
  | { ok: false; failed: string };

// Room for every entry of a tree within the limits, each with the longest path.
const LISTING_CAP = (MAX_ENTRIES + 1) * (4096 + 100);

/**
 * Judges the tree of `commit` below the directory `path` selects. `prefix`
 * is that directory inside the repository ("" for the whole tree); undefined
 * when `path` names no directory of it (nothing to write: not-in-source).
 */
export async function surveyTree(
  run: GitRun,
  gitDir: string,
  commit: string,
  name: string,
  path: string | undefined,
): Promise<Survey> {
  const prefix = await choosePrefix(run, gitDir, commit, name, path);
  if (prefix === undefined) return { ok: true, prefix: undefined, empty: true };
  const tree = prefix === "" ? `${commit}^{tree}` : `${commit}:${prefix}`;
  const listed = await runGit(run, ["--git-dir", gitDir, "ls-tree", "-r", "-t", "-l", "-z", tree], {
    stdoutCap: LISTING_CAP,
  });
  if (listed.kind === "stopped" && listed.why === "output") {
    return { ok: false, refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
  }
  if (listed.kind !== "done" || listed.code !== 0) return { ok: false, failed: "listing the tree" };
  let entries = 0;
  let bytes = 0;
  for (const record of listed.stdout.toString("utf8").split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    const [mode, type, , size] = record.slice(0, tab).split(/ +/);
    entries += 1;
    if (entries > MAX_ENTRIES) {
      return { ok: false, refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
    }
    if (type === "blob") bytes += Number(size);
    if (bytes > MAX_BYTES) return { ok: false, refusal: { code: "too-large", limit: MAX_BYTES } };
    if (mode === "160000" || type === "commit") {
      const inside = record.slice(tab + 1);
      const where = [name, ...(prefix === "" ? [] : [prefix]), inside].join("/");
      return {
        ok: false,
        refusal: {
          code: "not-regular-file",
          path: where,
          detail: "a git submodule, which is never fetched",
        },
      };
    }
  }
  return { ok: true, prefix, empty: entries === 0 };
}

/** The directory of the repository `path` selects, tried as the folder reader tries it. */
async function choosePrefix(
  run: GitRun,
  gitDir: string,
  commit: string,
  name: string,
  path: string | undefined,
): Promise<string | undefined> {
  if (path === undefined) return "";
  const segments = pathSegments(path);
  if (segments === undefined) return undefined;
  const tries = segments[0] === name ? [segments.slice(1), segments] : [segments];
  for (const rest of tries) {
    if (rest.length === 0) return "";
    const prefix = rest.join("/");
    const kind = await runGit(run, ["--git-dir", gitDir, "cat-file", "-t", `${commit}:${prefix}`]);
    if (kind.kind === "done" && kind.code === 0 && kind.stdout.toString("utf8").trim() === "tree") {
      return prefix;
    }
  }
  return undefined;
}
