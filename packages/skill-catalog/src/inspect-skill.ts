// Decides what one entry of a root is: no skill at all, an offered skill
// with the text its digest describes, or a refused one with a stable code.
// The catalog calls it for each entry of a listing and load calls it for one
// path per root, so both apply exactly the same rules: the two differ only in
// how they reach the disk. The catalog's form is synchronous and runs in short
// slices between yields to the event loop (see scan-root.ts); load's form
// reads its one file asynchronously.
import { isUtf8 } from "node:buffer";
import { statSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { digestOf } from "./digest.js";
import { describeInvalidId, isValidId, MAX_SKILL_FILE_BYTES } from "./id.js";
import { checkIdentity } from "./identity.js";
import { readSkillFile, type SkillFileRead } from "./read-skill-file.js";
import { readSkillFileSync } from "./read-skill-file-sync.js";
import type { CatalogCode, LoadedSkill, OfferedSkill, Origin, RefusedSkill } from "./types.js";

/** What an entry is; the offered skill carries its text unless the caller dropped it. */
export type Inspection<S extends OfferedSkill = LoadedSkill> =
  | { kind: "absent" }
  | { kind: "offered"; skill: S }
  | { kind: "refused"; refused: RefusedSkill };

/** How the entry was found: a real directory, or a symbolic link. */
export type EntryKind = "directory" | "link";

/** What was found at `<root>/<name>`: a link (holding a SKILL.md or not), or a directory's SKILL.md read. */
type Found = { entry: "link"; holdsSkill: boolean } | { entry: "directory"; read: SkillFileRead };

const skillFileOf = (root: string, name: string): string => join(root, name, "SKILL.md");

/** Inspects `<root>/<name>`, already known to be a directory or a link, with synchronous calls. */
export function inspectSkillSync(
  root: string,
  name: string,
  origin: Origin,
  entry: EntryKind,
): Inspection {
  const path = skillFileOf(root, name);
  const found: Found =
    entry === "link"
      ? { entry, holdsSkill: holdsFileSync(path) }
      : { entry, read: readSkillFileSync(path) };
  return judgeSkill(root, name, origin, found);
}

/** Inspects `<root>/<name>`, already known to be a directory or a link. */
export async function inspectSkill(
  root: string,
  name: string,
  origin: Origin,
  entry: EntryKind,
): Promise<Inspection> {
  const path = skillFileOf(root, name);
  const found: Found =
    entry === "link"
      ? { entry, holdsSkill: await holdsFile(path) }
      : { entry, read: await readSkillFile(path) };
  return judgeSkill(root, name, origin, found);
}

function judgeSkill(root: string, name: string, origin: Origin, found: Found): Inspection {
  const dir = join(root, name);
  const path = join(dir, "SKILL.md");
  const refuse = (code: CatalogCode, reason: string): Inspection => ({
    kind: "refused",
    refused: { id: name, code, reason, origin, path },
  });
  if (found.entry === "link") {
    return found.holdsSkill
      ? refuse("link", `${origin} skill directory ${dir} is a symbolic link`)
      : { kind: "absent" };
  }
  const { read } = found;
  if (read.kind === "missing") return { kind: "absent" };
  if (!isValidId(name)) return refuse("invalid-id", describeInvalidId(name));
  if (read.kind === "link") return refuse("link", `${path} is a symbolic link`);
  if (read.kind === "unreadable")
    return refuse("unreadable", `${path} cannot be read: ${read.detail}`);
  if (read.kind === "too-large") {
    return refuse(
      "skill-file-too-large",
      `${path} is larger than ${MAX_SKILL_FILE_BYTES.toLocaleString("en-US")} bytes`,
    );
  }
  if (!isUtf8(read.bytes)) return refuse("not-utf8", `${path} is not valid UTF-8 text`);
  // Valid UTF-8 decodes exactly; a leading BOM stays in the text, as the bytes hold it.
  const text = read.bytes.toString("utf8");
  const identity = checkIdentity(text, name);
  if (!identity.ok) return refuse(identity.code, `${path} is refused: ${identity.reason}`);
  const skill: LoadedSkill = {
    id: name,
    origin,
    path,
    digest: digestOf(read.bytes),
    bytes: read.bytes.length,
    text,
  };
  if (identity.description !== undefined) skill.description = identity.description;
  return { kind: "offered", skill };
}

/** Whether `path` names something, following links (a linked skill directory's SKILL.md). */
const holdsFile = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The synchronous form of holdsFile. */
function holdsFileSync(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
