// The selection held to every rule a bundle's entries obey, in path order so
// that every form of the same bundle is refused for the same entry first:
// each path (paths.ts), each kind (only regular files and directories), the
// set-aside rule, names that collide (names.ts), and then the content of
// every file (UTF-8, text.ts). A not-UTF-8 refusal names the first file and
// counts them all, with a bounded list, so an author fixes every one of them
// in one pass; a link, a special file or an unsafe path names the first such
// entry and counts every one by skill, so one skip of them all lets the rest
// of a collection in. A source may have taken text.ts's verdict already, as it read
// the bytes (the zip reader does, while they are in the cache); it is still
// reported here, in path order, and only for what is selected.

import { concerning, countBySkill, isText, PathChecker, sortByPath } from "@skillshelf/contract";
import type { FileEntry } from "./entries.js";
import { joinedBytes } from "./ledger.js";
import { NameIndex } from "./names.js";
import type { Placed } from "./select.js";
import type { Refusal } from "./types.js";

/** How many files a not-utf8 refusal lists. */
export const MAX_LISTED_FILES = 100;

export type Judged = { ok: true; files: FileEntry[] } | { ok: false; refusal: Refusal };

/**
 * Judges the selected entries; the files that pass, in path order, with
 * their bodies joined. `skillOf` names the skill a path lies in, of the
 * `among` skills selected, so a refusal names the skills at fault.
 */
export function judgeEntries(
  selected: readonly Placed[],
  skillOf: (path: string) => string | undefined = () => undefined,
  among = 0,
): Judged {
  const names = new NameIndex();
  const paths = new PathChecker();
  const files: FileEntry[] = [];
  const texts: (boolean | undefined)[] = [];
  // The first entry that cannot be stored is the one refused; the scan goes
  // on only to count every such entry by skill, so that one `skip` of them
  // all lets the rest of a collection in.
  let fault: Refusal | undefined;
  const faulty: (string | undefined)[] = [];
  for (const { entry, setAside, shows } of sortByPath(selected, (p) => p.entry.path)) {
    const { raw, kind } = entry;
    const directory = kind === "directory";
    const verdict = paths.check(raw, directory, entry.utf8);
    const entryFault: Refusal | undefined = !verdict.ok
      ? { code: "unsafe-path", path: raw, why: verdict.why }
      : kind === "link"
        ? withDetail({ code: "link", path: raw }, entry.detail)
        : kind === "special"
          ? withDetail({ code: "not-regular-file", path: raw }, entry.detail)
          : undefined;
    if (entryFault !== undefined) {
      fault ??= entryFault;
      faulty.push(skillOf(entry.path));
      continue;
    }
    if (fault !== undefined || !verdict.ok) continue;
    if (setAside) {
      const clash = shows === "" ? undefined : names.recordParents(raw, shows);
      if (clash !== undefined) return refuse(clash);
      continue;
    }
    const clash = names.recordEntry(raw, verdict.path, directory);
    if (clash !== undefined) return refuse(clash);
    if (!directory) {
      files.push({
        raw,
        path: verdict.path,
        order: entry.order,
        bytes: joinedBytes(entry.bytes),
        executable: entry.executable,
      });
      texts.push(entry.text);
    }
  }
  if (fault !== undefined) return refuse(concerning(fault, countBySkill(faulty), among));
  const notTextFiles = files.filter((file, index) => !(texts[index] ?? isText(file.bytes)));
  const notText = notTextFiles.map((file) => file.raw);
  if (notText.length > 0) {
    const first = notText[0]!;
    const refusal: Refusal =
      notText.length === 1
        ? { code: "not-utf8", path: first }
        : {
            code: "not-utf8",
            path: first,
            count: notText.length,
            paths: notText.slice(0, MAX_LISTED_FILES),
          };
    const concerns = countBySkill(notTextFiles.map((file) => skillOf(file.path)));
    return refuse(concerning(refusal, concerns, among));
  }
  return { ok: true, files };
}

/**
 * The first entry of `selected` whose path is unsafe, in path order: the one
 * rule held before the layout is reported, since a path that climbs out or
 * starts at the file system's root cannot be placed in any layout.
 */
export function firstUnsafePath(selected: readonly Placed[]): Refusal | undefined {
  const paths = new PathChecker();
  for (const { entry } of sortByPath(selected, (p) => p.entry.path)) {
    const verdict = paths.check(entry.raw, entry.kind === "directory", entry.utf8);
    if (!verdict.ok) return { code: "unsafe-path", path: entry.raw, why: verdict.why };
  }
  return undefined;
}

function refuse(refusal: Refusal): Judged {
  return { ok: false, refusal };
}

function withDetail(refusal: Refusal, detail: string | undefined): Refusal {
  return detail === undefined ? refusal : { ...refusal, detail };
}
