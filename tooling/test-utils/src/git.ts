// Real repositories for tests of where people keep skills: a folder made a
// git repository holding everything in it as one commit, by a fixed author
// (so no test depends on the machine's git identity), and a runner for the
// git commands a test then needs in it (`archive`, above all).
import { execFileSync } from "node:child_process";

const IDENTITY = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
};

/** Runs git in `folder` with the fixed identity; returns what it printed. */
export type Git = (...args: string[]) => Buffer;

/** Commits everything in `folder` (a new repository) as one commit; returns a runner for more. */
export function commitTree(folder: string): Git {
  const git: Git = (...args) =>
    execFileSync("git", ["-C", folder, ...args], {
      env: { ...process.env, ...IDENTITY },
      stdio: ["ignore", "pipe", "inherit"],
    });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "skills");
  return git;
}
