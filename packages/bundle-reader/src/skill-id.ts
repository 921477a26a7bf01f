// The id rule: lower-case ASCII letters, digits and single inner dashes, 1 to
// 64 characters. It is the Agent Skills specification's rule for `name`, which
// the reader reports as a warning, and the catalog's rule for a skill's
// directory, which the catalog refuses by: one rule, so it lives here, in the
// lower layer, and the catalog imports it.

/** Lower-case ASCII letters and digits, in runs joined by single dashes (exported for schemas). */
export const ID_PATTERN: RegExp = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest id. */
export const MAX_ID_LENGTH: number = 64;

/** Lower-case ASCII letters, digits and single inner dashes, 1 to 64 characters. */
export function isValidId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_ID_LENGTH && ID_PATTERN.test(id);
}
