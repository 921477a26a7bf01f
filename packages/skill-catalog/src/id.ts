// The id rule and the size cap every skill obeys, in the catalog and at the
// destination alike: one definition, so a skill that installs is a skill the
// catalog offers. The id rule is the bundle reader's (also the
// specification's `name` rule); its pattern and length are re-exported so
// the payload's schema states the same rule rather than a copy of it. The
// size cap is the reader's too, which parses no larger SKILL.md's frontmatter.
export {
  ID_PATTERN as SKILL_ID_PATTERN,
  isValidId,
  MAX_ID_LENGTH,
  /** The largest SKILL.md, in bytes, that is offered or installed. */
  MAX_SKILL_FILE_BYTES,
} from "@skillshelf/bundle-reader";
