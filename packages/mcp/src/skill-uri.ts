// The one reading of a `skill://` URI. A URI names a skill by its id (the
// authority, which must obey the id rule) and a file or directory below it
// by a path whose segments are written exactly as `fileUriOf` writes them
// (encodeURIComponent of each segment). Anything else is refused here,
// before any store is asked: another scheme, a port or user part, an empty
// or `.`/`..` segment, a trailing slash, a percent-encoded separator or dot
// segment (`%2F`, `%5C`, `%2E%2E`), a control character, an encoding that is
// not the canonical one. The path that comes out is then only looked up in
// the skill's manifest, never used to build a file name.
import { isValidId } from "@skillshelf/contract";

/** The scheme every skill is served under. */
export const SKILL_SCHEME = "skill://";

/** The longest URI read; a longer one is refused without being split. */
export const MAX_URI_LENGTH = 8192;

export type SkillUri = {
  id: string;
  /** The path below the skill's root, `/`-separated; "" for the root itself. */
  path: string;
};

export type ParsedSkillUri = ({ ok: true } & SkillUri) | { ok: false; reason: string };

const encodedSeparator = /%(2f|5c)/i;
const controlCharacter = /[\u0000-\u001f\u007f]/;
/** A segment encodeURIComponent leaves as it is and that needs no decoding: most file names. */
const plainSegment = /^[A-Za-z0-9_.~-]+$/;

/** The URI of a file (or directory, or with "" the root) of skill `id`. */
export function fileUriOf(id: string, path: string): string {
  if (path === "") return `${SKILL_SCHEME}${id}`;
  return `${SKILL_SCHEME}${id}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The URI of a skill: its SKILL.md. */
export const skillUriOf = (id: string): string => fileUriOf(id, "SKILL.md");

/** Reads a `skill://<id>[/<path>]` URI, refusing every form but the canonical one. */
export function parseSkillUri(uri: string): ParsedSkillUri {
  if (uri.length > MAX_URI_LENGTH) return refuse(`it is longer than ${MAX_URI_LENGTH} characters`);
  if (!uri.startsWith(SKILL_SCHEME)) return refuse("it is not a skill:// URI");
  const [id, ...raw] = uri.slice(SKILL_SCHEME.length).split("/");
  if (id === undefined || !isValidId(id)) return refuse("its authority is not a skill id");
  const segments: string[] = [];
  for (const segment of raw) {
    const decoded = decodeSegment(segment);
    if (typeof decoded !== "string") return decoded;
    segments.push(decoded);
  }
  return { ok: true, id, path: segments.join("/") };
}

function decodeSegment(segment: string): string | { ok: false; reason: string } {
  if (segment === "") return refuse("it has an empty segment or a trailing slash");
  // Already canonical and free of separators, escapes and control characters.
  if (plainSegment.test(segment) && segment !== "." && segment !== "..") return segment;
  if (encodedSeparator.test(segment)) return refuse("it has a percent-encoded separator");
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return refuse("it has a malformed percent-encoding");
  }
  if (decoded === "." || decoded === "..") return refuse("it has a dot segment");
  if (controlCharacter.test(decoded)) return refuse("it has a control character");
  if (encodeURIComponent(decoded) !== segment) return refuse("it is not in canonical form");
  return decoded;
}

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
