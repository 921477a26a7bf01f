// Checks one skill of a bundle on its own, before anything touches a root:
// the id rule, a SKILL.md that declares that id, the size cap, well-formed
// text, and file paths that stay inside the skill. The reader already
// guarantees the last two for what it returns; install is public, so they
// are checked again rather than trusted, and breaking them is a caller's
// error (`internal`), not a bundle's.
import { isUtf8 } from "node:buffer";
import type { DestinationRefusal, Skill } from "@skillshelf/bundle-reader";
import { isValidId, MAX_SKILL_FILE_BYTES } from "./id.js";
import { checkIdentity } from "./identity.js";

const UNSAFE_SEGMENT = /^(?:|\.|\.\.)$/;

const isSafePath = (path: string): boolean =>
  !path.startsWith("/") &&
  !/[\\\u0000]/.test(path) &&
  path.split("/").every((segment) => !UNSAFE_SEGMENT.test(segment));

/** The refusal one skill earns on its own, or undefined when it is fine. */
export function validateSkill(skill: Skill): DestinationRefusal | undefined {
  const id = skill.name;
  if (!isValidId(id)) return { code: "invalid-id", skill: id };
  const seen = new Set<string>();
  for (const file of skill.files) {
    const problem = !isSafePath(file.path)
      ? "has an unsafe path"
      : seen.has(file.path)
        ? "appears twice"
        : !isUtf8(file.bytes)
          ? "is not valid UTF-8 text"
          : undefined;
    if (problem !== undefined) {
      return {
        code: "internal",
        skill: id,
        path: file.path,
        detail: `file '${file.path}' of skill '${id}' ${problem}`,
      };
    }
    seen.add(file.path);
  }
  for (const path of seen) {
    const parts = path.split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const parent = parts.slice(0, depth).join("/");
      if (seen.has(parent)) {
        return {
          code: "internal",
          skill: id,
          path,
          detail: `'${parent}' of skill '${id}' is both a file and a directory`,
        };
      }
    }
  }
  const skillFile = skill.files.find((file) => file.path === "SKILL.md");
  if (skillFile === undefined) {
    return { code: "identity-mismatch", skill: id, detail: "it has no SKILL.md" };
  }
  if (skillFile.bytes.length > MAX_SKILL_FILE_BYTES) {
    return { code: "skill-file-too-large", skill: id, limit: MAX_SKILL_FILE_BYTES };
  }
  const identity = checkIdentity(skillFile.text, id);
  if (!identity.ok) {
    // The declared id rides in `other`, so the sentence can offer renaming the folder to it.
    return identity.declared === undefined
      ? { code: "identity-mismatch", skill: id, detail: identity.reason }
      : { code: "identity-mismatch", skill: id, detail: identity.reason, other: identity.declared };
  }
  return undefined;
}
