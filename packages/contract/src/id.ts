// The id rule: lower-case ASCII letters, digits and single inner dashes, 1 to
// 64 characters. It is the Agent Skills specification's rule for `name`, which
// the reader reports as a warning, the catalog's rule for a skill's directory,
// which the catalog refuses by, and the payload schema's pattern: one rule,
// so it lives here, and every one of them imports it.

/** Lower-case ASCII letters and digits, in runs joined by single dashes (exported for schemas). */
export const ID_PATTERN: RegExp = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest id. */
export const MAX_ID_LENGTH: number = 64;

/** Lower-case ASCII letters, digits and single inner dashes, 1 to 64 characters. */
export function isValidId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_ID_LENGTH && ID_PATTERN.test(id);
}
