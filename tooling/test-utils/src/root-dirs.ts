// The one layout of roots every test kit starts from: a fresh temporary
// directory (removed when the test finishes) holding a workspace, whose
// `skills/` is the builtin root, and a data directory, whose `skills/` is the
// managed root, as the CLI and the server resolve them from --workspace and
// --data. Each kit shapes it for its surface (flags, a DirectoryStore, ...).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "./temp-dir.js";

export type RootDirs = {
  base: string;
  workspace: string;
  /** `<workspace>/skills`: the builtin root (not created). */
  builtin: string;
  data: string;
  /** `<data>/skills`: the managed root (not created). */
  managed: string;
};

/** A fresh workspace (created) and data directory (not created) in one temporary directory. */
export function makeRootDirs(prefix = "skillshelf-roots-"): RootDirs {
  const base = makeTempDir(prefix);
  const workspace = join(base, "workspace");
  const data = join(base, "data");
  mkdirSync(workspace);
  return {
    base,
    workspace,
    builtin: join(workspace, "skills"),
    data,
    managed: join(data, "skills"),
  };
}
