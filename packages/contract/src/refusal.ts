// The one refusal type. A source, the destination, the catalog and the payload
// all refuse in the same shape: a code from the one list and the fields that
// locate the problem. `Refusal<C>` narrows the code where a step can only
// refuse with some codes; everything else speaks plain `Refusal`, so no
// caller converts one refusal type into another.
import type { catalogCodes, destinationCodes, sourceCodes } from "./codes.js";

/** Codes a source can be refused with (the list is `sourceCodes`). */
export type SourceCode = (typeof sourceCodes)[number];

/** Codes the destination and the payload refuse with (the list is `destinationCodes`). */
export type DestinationCode = (typeof destinationCodes)[number];

/** Codes only the catalog refuses with (the list is `catalogCodes`). */
export type CatalogOnlyCode = (typeof catalogCodes)[number];

/**
 * Every code a catalog refuses a stored skill with; the signature codes when
 * the shelf's policy (only signed skills) withholds a skill at serve time.
 */
export type CatalogCode =
  | CatalogOnlyCode
  | "invalid-id"
  | "identity-mismatch"
  | "skill-file-too-large"
  | "link"
  | "not-utf8"
  | "bad-record"
  | "unsigned"
  | "bad-signature"
  | "untrusted-signer";

/** Every refusal code. */
export type Code = SourceCode | DestinationCode | CatalogOnlyCode;

/** Why a path is unsafe, carried in `Refusal.why`. */
export type UnsafePathReason =
  | "absolute"
  | "drive-prefix"
  | "traversal"
  | "backslash"
  | "control-character"
  | "empty-segment"
  | "dot-segment"
  | "not-utf8"
  | "segment-too-long"
  | "path-too-long"
  | "reserved-name"
  | "trailing-dot-or-space";

/** A refusal: one code and the fields that locate the problem. */
export type Refusal<C extends Code = Code> = {
  code: C;
  /** The entry or file at fault, as it stands in the source or the store. */
  path?: string;
  /**
   * The entry it collides with (duplicate-path, file-and-directory); where the
   * other definition lives (already-defined, defined-twice); the id a SKILL.md
   * declares instead (identity-mismatch).
   */
  other?: string;
  /** For unsafe-path: which rule the path breaks. */
  why?: UnsafePathReason;
  /** The skill concerned, when the refusal is about one. */
  skill?: string;
  /** The limit exceeded (too-many-entries, too-large, skill-file-too-large, payload-too-large). */
  limit?: number;
  /** Extra words from the parser or the file system, for an operator. */
  detail?: string;
  /** How many problems of this kind there are in all (not-utf8: files; spec-violation: warnings). */
  count?: number;
  /** not-utf8: the files that are not UTF-8, in path order (at most 100). */
  paths?: string[];
  /** not-in-source: the skills the selected directory does hold. */
  held?: string[];
  /**
   * A refusal inside a collection that holds other skills too: the skills at
   * fault, so the rest can be imported with `skip`, with how many of each
   * one's files (an entry or not-utf8 refusal), refusing findings
   * (hidden-content) or warnings (spec-violation) are at fault, or 1 for a
   * skill refused whole (its id, identity, size or frontmatter).
   */
  concerns?: { skill: string; count: number }[];
  /**
   * already-defined, when an import clashes more than once: every skill
   * already defined, with where (`skill`, `other` and `origin` are the first).
   */
  clashes?: { skill: string; other?: string; origin?: "builtin" | "managed" }[];
  /** Layout refusals and not-in-source: where SKILL.md files lie deeper, as `path` values, most first. */
  found?: { path: string; count: number }[];
  /**
   * For a catalog refusal: the root the skill lives in; for already-defined:
   * the root the clashing skill is defined in (then `other` is a place on the
   * server, which a remote surface names by this root instead).
   */
  origin?: "builtin" | "managed";
  /** identity-mismatch of a skill being imported: what its id was taken from (its folder, or its archive's file name). */
  namedAfter?: "folder" | "archive";
  /** drifted: the files that differ from what was installed or approved, in path order. */
  changes?: { path: string; change: string }[];
};

/** A refusal of a source (what `readBundle` answers). */
export type SourceRefusal = Refusal<SourceCode>;
