// The reader's rules for a skill's files, offered to whoever holds a skill it
// did not read itself: the destination, before it writes a skill a caller
// built by hand. They are the very modules the reader judges a source with
// (paths.ts, names.ts, text.ts), so a file the reader would refuse in a
// bundle is refused by the destination with the same code and reason, and
// no second, weaker copy of a rule exists anywhere.

import { checkPath, isText } from "@skillshelf/contract";
import { NameIndex } from "./names.js";
import type { Refusal } from "./types.js";

/** The part of a file the rules look at. */
export type JudgedFile = { path: string; bytes: Uint8Array };

/**
 * Judges the files of skill `skill` by the reader's rules: every path must be
 * safe (`unsafe-path`, with `why`), no two may be the same file on a
 * case-insensitive or normalizing file system (`duplicate-path`), none may be
 * both a file and a directory (`file-and-directory`), and every body must be
 * valid UTF-8 (`not-utf8`). Paths are judged before content, in the order
 * given, as the reader does. Returns the first refusal, naming the file
 * relative to the skill and the skill, or undefined when all pass.
 */
export function judgeSkillFiles(skill: string, files: readonly JudgedFile[]): Refusal | undefined {
  const paths = judgeSkillPaths(
    skill,
    files.map((file) => file.path),
  );
  if (paths !== undefined) return paths;
  for (const file of files) {
    if (!isText(file.bytes)) return { code: "not-utf8", path: file.path, skill };
  }
  return undefined;
}

/**
 * The path rules of judgeSkillFiles alone, for a holder of a stored skill's
 * paths whose content is not judged there (a builtin skill may carry an
 * image): `unsafe-path`, `duplicate-path`, `file-and-directory`, in the
 * order given.
 */
export function judgeSkillPaths(skill: string, paths: readonly string[]): Refusal | undefined {
  // A lone path clashes with nothing: a store asked for one file (an MCP
  // read, file by file) is spared building the index for it.
  const names = paths.length > 1 ? new NameIndex() : undefined;
  for (const path of paths) {
    const verdict = checkPath(path, false);
    if (!verdict.ok) return { code: "unsafe-path", path, why: verdict.why, skill };
    const clash = names?.recordEntry(path, verdict.path, false);
    if (clash !== undefined) return { ...clash, skill };
  }
  return undefined;
}
