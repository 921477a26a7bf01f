// What a finding is: one place in one file of a skill where its bytes say
// something a reader of the rendered skill would not see, or ask a host for
// more than text. A finding either refuses the import (until an operator
// accepts its code for that import) or warns; it always names the file, the
// line and the column, and carries the sentence an operator reads.

/** The checks, in the order they are documented. */
export const findingCodes = [
  "hidden-text",
  "html-comment",
  "frontmatter-grants",
  "frontmatter-code",
  "ambiguous-frontmatter",
] as const;

export type FindingCode = (typeof findingCodes)[number];

/** `refuse`: the import refuses with `hidden-content` unless the code is accepted; `warn`: it is reported. */
export type FindingSeverity = "refuse" | "warn";

export type Finding = {
  code: FindingCode;
  severity: FindingSeverity;
  /** The skill, when the caller named it. */
  skill?: string;
  /** The file's path below the skill's root. */
  path: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in Unicode code points. */
  column: number;
  /** What was found, in a few words (the hidden text decoded, the comment, the field). */
  detail: string;
  /** One sentence naming the place, what it is and what to do. */
  message: string;
};

/** A file as findingsOf reads it: its bytes (proven UTF-8) or its text. */
export type FindingsFile = { path: string; bytes: Uint8Array } | { path: string; text: string };
