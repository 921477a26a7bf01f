// The id rule: lower-case ASCII letters, digits and single inner dashes, 1 to
// 64 characters. It is the Agent Skills specification's rule for `name`, which
// the reader reports as a warning, and the catalog's rule for a skill's
// directory, which the catalog refuses by: one rule, so it lives here, in the
// lower layer, and the catalog imports it.

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-case ASCII letters, digits and single inner dashes, 1 to 64 characters. */
export function isValidId(id: string): boolean {
  return id.length >= 1 && id.length <= 64 && ID_PATTERN.test(id);
}
