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
  const names = new NameIndex();
  for (const file of files) {
    const verdict = checkPath(file.path, false);
    if (!verdict.ok) return { code: "unsafe-path", path: file.path, why: verdict.why, skill };
    const clash = names.recordEntry(file.path, verdict.path, false);
    if (clash !== undefined) return { ...clash, skill };
  }
  for (const file of files) {
    if (!isText(file.bytes)) return { code: "not-utf8", path: file.path, skill };
  }
  return undefined;
}
