// Decides what one stored entry is: an offered skill with the text its digest
// describes, or a refused one with a stable code, judged from what the store
// read (a directory's SKILL.md, a row's). The catalog, load, and every store
// go through this one function, so a skill is judged by the same rules
// whichever store holds it and whichever call reached it. Refusals carry the
// common fields of the one refusal table, and their reason is its sentence.
import { isUtf8 } from "node:buffer";
import type { Frontmatter } from "@skillshelf/bundle-reader";
import {
  decodeText,
  isValidId,
  MAX_SKILL_FILE_BYTES,
  message,
  type Refusal,
} from "@skillshelf/contract";
import { digestOf } from "./digest.js";
import { checkIdentity, checkIdentityOf } from "./identity.js";
import { knownIdentity } from "./known-skills.js";
import type { StoredEntry } from "./store.js";
import type { CatalogCode, LoadedSkill, OfferedSkill, Origin, RefusedSkill } from "./types.js";

/** What an entry is; the offered skill carries its text unless the caller dropped it. */
export type Inspection<S extends OfferedSkill = LoadedSkill> =
  | { kind: "absent" }
  | { kind: "offered"; skill: S }
  | { kind: "refused"; refused: RefusedSkill };

/** A catalog refusal with its fields and the table's sentence as its reason. */
export function refuseSkill(
  id: string,
  code: CatalogCode,
  fields: Omit<Refusal, "code" | "skill"> = {},
): RefusedSkill {
  const refusal = { code, skill: id, ...fields };
  return { id, ...refusal, reason: message(refusal) };
}

/** Judges one entry a store (or the builtin root) holds; with `{ text: false }` the offered skill carries no text (only the SKILL.md's opening is decoded, where that decides its identity). */
export function judgeEntry(entry: StoredEntry, origin: Origin): Inspection;
export function judgeEntry(
  entry: StoredEntry,
  origin: Origin,
  options: { text: false; frontmatter?: Frontmatter },
): Inspection<OfferedSkill>;
export function judgeEntry(
  entry: StoredEntry,
  origin: Origin,
  options?: { text: false; frontmatter?: Frontmatter },
): Inspection<OfferedSkill> {
  const { name, path, read } = entry;
  const refuse = (code: CatalogCode, detail?: string): Inspection => ({
    kind: "refused",
    refused: refuseSkill(
      name,
      code,
      detail === undefined ? { origin, path } : { origin, path, detail },
    ),
  });
  if (entry.link === true) {
    return read.kind === "missing"
      ? { kind: "absent" }
      : { kind: "refused", refused: refuseSkill(name, "link", { origin, path: entry.dir }) };
  }
  if (read.kind === "missing") return { kind: "absent" };
  if (!isValidId(name)) return refuse("invalid-id");
  if (read.kind === "link") return refuse("link");
  if (read.kind === "unreadable") return refuse("unreadable", read.detail);
  if (read.kind === "too-large") {
    return {
      kind: "refused",
      refused: refuseSkill(name, "skill-file-too-large", {
        origin,
        path,
        limit: MAX_SKILL_FILE_BYTES,
      }),
    };
  }
  if (!isUtf8(read.bytes)) return refuse("not-utf8");
  const text = options?.text === false ? undefined : decodeText(read.bytes);
  // The digest first: what the SKILL.md declares is judged once per digest.
  const digest = digestOf(read.bytes);
  const identity = knownIdentity(digest, name, () =>
    text === undefined
      ? checkIdentityOf(read.bytes, name, options?.frontmatter)
      : checkIdentity(text, name),
  );
  if (!identity.ok) {
    const fields = { origin, path, detail: identity.reason };
    return {
      kind: "refused",
      refused: refuseSkill(
        name,
        identity.code,
        identity.declared === undefined ? fields : { ...fields, other: identity.declared },
      ),
    };
  }
  const bytes = read.bytes.length;
  const skill: OfferedSkill | LoadedSkill =
    text === undefined
      ? { id: name, origin, path, digest, bytes }
      : { id: name, origin, path, digest, bytes, text };
  if (identity.description !== undefined) skill.description = identity.description;
  return { kind: "offered", skill };
}
