// Real repositories for the git source's tests: a repository made from a
// tree of files with commitTree, more commits on it, and the temporary
// directories of this process's git reads that are still on disk (none may be).
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitTree, type Git, makeTempDir, writeTree } from "@skillshelf/test-utils";
import { GIT_TEMP_PREFIX } from "../../src/index.js";

export type Repository = {
  /** The repository's folder. */
  path: string;
  /** Its folder's parent, the base path a git daemon serves. */
  base: string;
  /** Its file:// URL. */
  url: string;
  git: Git;
  /** Writes `files` (and removes `gone`) and commits them; returns the new commit. */
  commit: (files: Record<string, string>, gone?: string[]) => string;
  /** The commit `rev` names. */
  rev: (rev: string) => string;
};

/** A repository named `name` holding `files` as its first commit, on branch main. */
export function makeRepository(files: Record<string, string>, name = "skills"): Repository {
  const base = makeTempDir("skillshelf-repo-");
  const path = join(base, name);
  writeTree(path, files);
  const git = commitTree(path);
  git("branch", "-M", "main");
  const rev = (r: string): string => git("rev-parse", "--verify", r).toString().trim();
  const commit = (more: Record<string, string>, gone: string[] = []): string => {
    writeTree(path, more);
    if (gone.length > 0) git("rm", "-q", "--", ...gone);
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", "more");
    return rev("HEAD");
  };
  return { path, base, url: `file://${path}`, git, commit, rev };
}

/** This process's git read directories still in the temporary directory. */
export function leftoverTemps(): string[] {
  return readdirSync(tmpdir()).filter((name) =>
    name.startsWith(`${GIT_TEMP_PREFIX}${process.pid}-`),
  );
}
