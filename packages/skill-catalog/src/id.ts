// The id rule and the size cap every skill obeys, in the catalog and at the
// destination alike: one definition, so a skill that installs is a skill the
// catalog offers.

/** The largest SKILL.md, in bytes, that is offered or installed. */
export const MAX_SKILL_FILE_BYTES: number = 262_144;

/** The id rule is the bundle reader's (also the specification's `name` rule). */
export { isValidId } from "@skillshelf/bundle-reader";

/** The sentence explaining why a name is not an id. */
export function describeInvalidId(id: string): string {
  return `'${id}' is not a valid skill id: use 1 to 64 lower-case letters, digits and single inner dashes`;
}
