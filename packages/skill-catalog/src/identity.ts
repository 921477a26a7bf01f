// Which id a SKILL.md declares. Two ways are recognised and nothing else in
// the body is a field: the title rule (the first non-empty line is `# <id>`)
// and Agent Skills frontmatter (a leading `---` YAML block whose `name` is
// the id). A leading UTF-8 BOM hides neither. The frontmatter is read by the
// bundle reader, its one owner; for the title, only the lines up to the first
// non-empty one are cut out of the text, never the whole body.
import { type Frontmatter, leadingLines, readFrontmatter } from "@skillshelf/bundle-reader";
import { decodeText } from "@skillshelf/contract";

export type Identity =
  | { ok: true; id: string; description?: string }
  | {
      ok: false;
      code: "identity-mismatch" | "invalid-frontmatter";
      reason: string;
      /** The id the SKILL.md does declare, when it declares one other than its directory's. */
      declared?: string;
    };

/** Reads the id a SKILL.md text declares, by frontmatter (`frontmatter`, when the reader read it already) or by title. */
export function readIdentity(
  text: string,
  frontmatter: Frontmatter = readFrontmatter(text),
): Identity {
  if (frontmatter.kind === "invalid") {
    return { ok: false, code: "invalid-frontmatter", reason: frontmatter.reason };
  }
  if (frontmatter.kind === "present") {
    const { name, description } = frontmatter.fields;
    if (typeof name !== "string" || name.trim() === "") {
      return { ok: false, code: "identity-mismatch", reason: "its frontmatter has no 'name'" };
    }
    return typeof description === "string"
      ? { ok: true, id: name.trim(), description: detached(description.trim()) }
      : { ok: true, id: name.trim() };
  }
  const first = leadingLines(text, (line) => line.trim() !== "").find((line) => line.trim() !== "");
  const title = first === undefined ? undefined : /^# +(\S.*)$/.exec(first.trimEnd());
  if (title === undefined || title === null) {
    return {
      ok: false,
      code: "identity-mismatch",
      reason:
        "it declares no id: its first non-empty line is not a '# <id>' title and it has no frontmatter",
    };
  }
  return { ok: true, id: title[1]!.trim() };
}

/**
 * A copy of `part` that holds none of the text it was cut from. A substring
 * may share its parent's characters (V8 slices them), so a description kept
 * in every offered skill of a catalog would keep every SKILL.md text alive
 * with it: ten thousand skills' bodies carried through each collection.
 */
function detached(part: string): string {
  return Buffer.from(part, "utf8").toString("utf8");
}

/** Checks that a SKILL.md declares `id`; answers the reason when it does not. */
export function checkIdentity(text: string, id: string, frontmatter?: Frontmatter): Identity {
  const identity = readIdentity(text, frontmatter);
  if (!identity.ok || identity.id === id) return identity;
  return {
    ok: false,
    code: "identity-mismatch",
    reason: `it declares the id '${identity.id}' but its directory is '${id}'`,
    declared: identity.id,
  };
}

/** How much of a SKILL.md is decoded first when only its identity is wanted. */
const OPENING_BYTES = 512;

/**
 * checkIdentity of the text of `bytes` (proven valid UTF-8), decoding only
 * its opening where that decides: the identity is read from leading lines
 * alone (the frontmatter block, or the first non-empty line), the opening is
 * cut just after a "\n" (a byte no multi-byte character contains, so it
 * decodes to an exact prefix of the text, made of whole lines), and an
 * identity found in whole lines is the one the whole text declares. Any
 * other answer (the block or the title may lie further on, or the file
 * declares nothing) is judged again on the whole text, so a refusal reads
 * exactly as it would have.
 */
export function checkIdentityOf(
  bytes: Uint8Array,
  id: string,
  frontmatter?: Frontmatter,
): Identity {
  // Frontmatter the reader read decides without the text; only a title needs it.
  if (frontmatter !== undefined && frontmatter.kind !== "absent")
    return checkIdentity("", id, frontmatter);
  if (bytes.length > OPENING_BYTES) {
    const cut = bytes.lastIndexOf(0x0a, OPENING_BYTES - 1);
    if (cut !== -1) {
      const identity = checkIdentity(decodeText(bytes.subarray(0, cut + 1)), id);
      if (identity.ok) return identity;
    }
  }
  return checkIdentity(decodeText(bytes), id);
}
