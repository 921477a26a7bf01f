// From a URL and a ref to one commit in a fresh repository: a shallow fetch
// of just that ref (a branch, a tag, HEAD, or a full commit id the server
// lets a client ask for), and only for a ref that looks like a commit id and
// names nothing else, a fetch of every branch and tag to find it in. The
// commit is what git fetched, never what a listing said a moment before, so
// a branch moved meanwhile cannot mix two commits. The fetch is watched: the
// temporary directory may not grow past the reader's byte limit.
import { MAX_BYTES } from "@skillshelf/contract";
import type { Refusal } from "../types.js";
import { type GitOutcome, type GitRun, lastWords, runGit } from "./git-run.js";
import { sizeOf } from "./git-size.js";
import { scrubCredentials } from "./git-spec.js";

export type Fetched = { ok: true; commit: string } | { ok: false; refusal: Refusal };

type Target = { url: string; ref: string | undefined; shown: string; timeoutMs: number };

const COMMIT = /^[0-9a-f]{40}$/;
const SHORT_COMMIT = /^[0-9a-fA-F]{4,40}$/;
const NO_SUCH_REF =
  /couldn't find remote ref|not our ref|unadvertised object|no such ref|remote HEAD refers to nonexistent ref/i;

/** Fetches `target` into `gitDir`; the commit it names, or a refusal. */
export async function fetchCommit(run: GitRun, gitDir: string, target: Target): Promise<Fetched> {
  const want = target.ref ?? "HEAD";
  const shallow = await fetch(run, gitDir, ["--depth", "1"], [target.url, want]);
  if (shallow.kind === "done" && shallow.code === 0) {
    return commitOf(run, gitDir, "FETCH_HEAD", target);
  }
  const refusal = failure(shallow, target);
  if (refusal !== undefined) return { ok: false, refusal };
  if (target.ref === undefined || !SHORT_COMMIT.test(target.ref)) return missing(target);
  // A commit id, or an abbreviation of one: look for it in every branch and tag.
  const all = await fetch(
    run,
    gitDir,
    [],
    [target.url, "+refs/heads/*:refs/remotes/source/*", "+refs/tags/*:refs/tags/*"],
  );
  if (all.kind !== "done" || all.code !== 0)
    return {
      ok: false,
      refusal: failure(all, target) ?? unreadable(target, lastWordsOf(all, target)),
    };
  return commitOf(run, gitDir, target.ref.toLowerCase(), target);
}

function fetch(
  run: GitRun,
  gitDir: string,
  options: string[],
  operands: string[],
): Promise<GitOutcome> {
  const args = ["--git-dir", gitDir, "fetch", "--quiet", "--no-tags", "--no-recurse-submodules"];
  return runGit(run, [...args, ...options, "--end-of-options", ...operands], {
    watch: () => (sizeOf(run.home) > MAX_BYTES ? "size" : undefined),
  });
}

/** The commit `name` peels to; a name that is no commit is the ref missing. */
async function commitOf(
  run: GitRun,
  gitDir: string,
  name: string,
  target: Target,
): Promise<Fetched> {
  const parsed = await runGit(run, [
    "--git-dir",
    gitDir,
    "rev-parse",
    "--verify",
    "--quiet",
    `${name}^{commit}`,
  ]);
  const commit = parsed.kind === "done" ? parsed.stdout.toString("utf8").trim() : "";
  if (parsed.kind === "done" && parsed.code === 0 && COMMIT.test(commit))
    return { ok: true, commit };
  if (parsed.kind === "timeout") return { ok: false, refusal: timedOut(target) };
  return missing(target);
}

/** The refusal a failed fetch is, unless it says the ref is missing (undefined: look further). */
function failure(outcome: GitOutcome, target: Target): Refusal | undefined {
  switch (outcome.kind) {
    case "timeout":
      return timedOut(target);
    case "missing":
      return gitMissing(target);
    case "stopped":
      if (outcome.why === "size")
        return { code: "too-large", path: target.shown, limit: MAX_BYTES };
      return unreadable(target, "git was stopped");
    case "done":
      if (NO_SUCH_REF.test(outcome.stderr)) return undefined;
      return unreadable(target, lastWordsOf(outcome, target));
  }
}

function lastWordsOf(outcome: GitOutcome, target: Target): string {
  const words = outcome.kind === "done" ? lastWords(outcome.stderr) : "";
  return `git could not fetch it${words === "" ? "" : `: ${scrubCredentials(words, target.url)}`}`;
}

function missing(target: Target): Fetched {
  const detail =
    target.ref === undefined
      ? "it has no default branch (HEAD)"
      : `it has no branch, tag or commit '${target.ref}'`;
  return { ok: false, refusal: { code: "unreadable-source", path: target.shown, detail } };
}

export function timedOut(target: { shown: string; timeoutMs: number }): Refusal {
  const seconds = Math.round(target.timeoutMs / 100) / 10;
  return unreadable(target, `git did not finish within ${seconds} s`);
}

export function gitMissing(target: { shown: string }): Refusal {
  return unreadable(target, "git is not installed or not on PATH, and a git source needs it");
}

function unreadable(target: { shown: string }, detail: string): Refusal {
  return { code: "unreadable-source", path: target.shown, detail };
}
