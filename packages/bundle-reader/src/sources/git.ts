// A git repository at one commit as a bundle: the ref is fetched shallowly
// into a fresh repository in a temporary directory (git-fetch.ts), the tree
// is judged from git's objects before anything is written (git-tree.ts),
// the selected directory is checked out beside it, and the checkout is read
// by the folder source under the repository's name, so `path`, `skills`,
// every rule and every limit are a folder's. The temporary directory is
// removed on every way out. The result names the commit read. A file kept
// in Git LFS is refused (git-lfs.ts), as a submodule is (git-tree.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Entries } from "../entries.js";
import type { Reading } from "../reading.js";
import type { GitOrigin, Refusal } from "../types.js";
import { readFolder } from "./folder.js";
import { fetchCommit, gitMissing, timedOut } from "./git-fetch.js";
import { lfsPointerRefusal } from "./git-lfs.js";
import { type GitRun, runGit } from "./git-run.js";
import { parseGitSource, stripCredentials } from "./git-spec.js";
import { makeGitTemp, removeGitTemp, sweepStaleGitTemps } from "./git-temp.js";
import { DEFAULT_GIT_TIMEOUT_MS } from "./git-timeout.js";
import { surveyTree } from "./git-tree.js";

export type GitEntriesResult =
  | { ok: true; entries: Entries; origin: GitOrigin }
  | { ok: false; refusal: Refusal };

// Every attribute that would change a file's bytes on checkout, unset for all
// paths (this file outranks the repository's own .gitattributes): the files
// read are the blobs of the commit, byte for byte.
const NO_CONVERSIONS = "* -text -eol -ident -filter -working-tree-encoding -crlf\n";

/** Reads the repository at `url`, at `ref` (its default branch when none), as a folder. */
export async function readGit(
  url: string,
  ref: string | undefined,
  reading: Reading,
  timeoutMs: number = DEFAULT_GIT_TIMEOUT_MS,
): Promise<GitEntriesResult> {
  const spec = parseGitSource(`git+${url}${ref === undefined ? "" : `#${ref}`}`);
  if (!spec.ok) return spec;
  sweepStaleGitTemps();
  const home = makeGitTemp();
  if (home === undefined) {
    return failed(
      { shown: spec.display },
      "no temporary directory could be made for git; check the system temporary directory",
    );
  }
  try {
    const run: GitRun = { home, deadline: performance.now() + timeoutMs, reading };
    return await readInto(run, { url, ref, shown: spec.display, timeoutMs }, reading);
  } finally {
    removeGitTemp(home);
  }
}

type Target = { url: string; ref: string | undefined; shown: string; timeoutMs: number };

async function readInto(run: GitRun, target: Target, reading: Reading): Promise<GitEntriesResult> {
  const gitDir = join(run.home, "repository.git");
  const init = await runGit(run, ["init", "--quiet", "--bare", "--template=", gitDir]);
  if (init.kind === "missing") return { ok: false, refusal: gitMissing(target) };
  if (init.kind !== "done" || init.code !== 0)
    return failed(target, "git could not make a repository");
  mkdirSync(join(gitDir, "info"), { recursive: true });
  writeFileSync(join(gitDir, "info", "attributes"), NO_CONVERSIONS);
  const fetched = await fetchCommit(run, gitDir, target);
  if (!fetched.ok) return fetched;
  const name = repositoryName(target.url);
  const survey = await surveyTree(run, gitDir, fetched.commit, name, reading.path);
  if (!survey.ok) {
    return "refusal" in survey ? survey : failed(target, `git failed ${survey.failed}`);
  }
  const workTree = join(run.home, "tree", name);
  mkdirSync(workTree, { recursive: true });
  if (survey.prefix !== undefined && !survey.empty) {
    const args = ["--git-dir", gitDir, "--work-tree", workTree, "checkout", "--quiet", "--force"];
    const pathspec = survey.prefix === "" ? "." : survey.prefix;
    const checkout = await runGit(run, [...args, fetched.commit, "--", pathspec]);
    if (checkout.kind === "timeout") return { ok: false, refusal: timedOut(target) };
    if (checkout.kind !== "done" || checkout.code !== 0) {
      return failed(target, "git could not check the tree out");
    }
  }
  reading.check();
  const read = await readFolder(workTree, target.shown, name, reading);
  if (!read.ok) return read;
  const pointer = lfsPointerRefusal(read.entries.entries);
  if (pointer !== undefined) return { ok: false, refusal: pointer };
  const url = stripCredentials(target.url);
  const origin: GitOrigin =
    target.ref === undefined
      ? { kind: "git", url, commit: fetched.commit }
      : { kind: "git", url, ref: target.ref, commit: fetched.commit };
  return { ok: true, entries: read.entries, origin };
}

/**
 * The folder name a repository is read under (a skill at its root is named
 * after it): the last segment of the URL's path without `.git`, or
 * `repository` when that is no plain name.
 */
export function repositoryName(url: string): string {
  let last = "";
  try {
    const segments = new URL(url).pathname.split("/").filter((s) => s !== "");
    last = decodeURIComponent(segments.at(-1) ?? "");
  } catch {
    last = "";
  }
  const name = last.endsWith(".git") ? last.slice(0, -4) : last;
  return /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/.test(name) ? name : "repository";
}

function failed(target: { shown: string }, detail: string): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { code: "unreadable-source", path: target.shown, detail } };
}
