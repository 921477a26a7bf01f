// Decides what one entry of a root is: no skill at all, an offered skill
// with the text its digest describes, or a refused one with a stable code.
// The catalog calls it for each entry of a listing and load calls it for one
// path per root, so both apply exactly the same rules.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { digestOf } from "./digest.js";
import { describeInvalidId, isValidId, MAX_SKILL_FILE_BYTES } from "./id.js";
import { checkIdentity } from "./identity.js";
import { readSkillFile } from "./read-skill-file.js";
import type { CatalogCode, LoadedSkill, Origin, RefusedSkill } from "./types.js";

export type Inspection =
  | { kind: "absent" }
  | { kind: "offered"; skill: LoadedSkill }
  | { kind: "refused"; refused: RefusedSkill };

/** How the entry was found: a real directory, or a symbolic link. */
export type EntryKind = "directory" | "link";

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Inspects `<root>/<name>`, already known to be a directory or a link. */
export async function inspectSkill(
  root: string,
  name: string,
  origin: Origin,
  entry: EntryKind,
): Promise<Inspection> {
  const dir = join(root, name);
  const path = join(dir, "SKILL.md");
  const refuse = (code: CatalogCode, reason: string): Inspection => ({
    kind: "refused",
    refused: { id: name, code, reason, origin, path },
  });
  if (entry === "link") {
    const holdsSkill = await stat(path).then(
      () => true,
      () => false,
    );
    return holdsSkill
      ? refuse("link", `${origin} skill directory ${dir} is a symbolic link`)
      : { kind: "absent" };
  }
  const read = await readSkillFile(path);
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
  let text: string;
  try {
    text = decoder.decode(read.bytes);
  } catch {
    return refuse("not-utf8", `${path} is not valid UTF-8 text`);
  }
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
