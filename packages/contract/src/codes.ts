// The refusal codes as data, so that the types, the refusal table and any
// surface that lists the codes (a form, a test, the docs) read them from one
// list: a code added here is a type, and the table will not compile until it
// has a sentence.

/** Codes a source can be refused with, in the order the contract lists them. */
export const sourceCodes = [
  "unreadable-source",
  "not-an-archive",
  "corrupt-archive",
  "unsupported-entry",
  "unsafe-path",
  "link",
  "not-regular-file",
  "duplicate-path",
  "file-and-directory",
  "missing-skill-file",
  "stray-file",
  "unnamed-skill",
  "not-utf8",
  "no-skills",
  "too-many-entries",
  "too-large",
  "spec-violation",
  "not-in-source",
  "hidden-content",
  "frontmatter-too-large",
] as const;

/**
 * Codes the destination (install, check, remove), the payload, the stores and
 * the surfaces refuse with (`usage`: a command line or request that cannot be
 * parsed, answered in the same shape as any refusal under --json).
 */
export const destinationCodes = [
  "invalid-id",
  "identity-mismatch",
  "skill-file-too-large",
  "already-defined",
  "unknown-skill",
  "builtin-skill",
  "no-managed-root",
  "store-failed",
  "store-unavailable",
  "invalid-store-url",
  "usage",
  "payload-too-large",
  "invalid-payload",
  "digest-mismatch",
  "revision-mismatch",
  "unknown-file",
  "unsigned",
  "bad-signature",
  "untrusted-signer",
  "invalid-trust-file",
  "changed-file",
  "bad-record",
  "invalid-manifest",
  "lock-mismatch",
  "internal",
] as const;

/**
 * Codes by which a server withholds a whole stored skill from workers (the
 * trust gate's, then the signature policy's), as opposed to refusing one of
 * its files: a client names the skill, not a file, when it meets one.
 */
export const withholdingCodes = [
  "drifted",
  "unapproved",
  "unsigned",
  "bad-signature",
  "untrusted-signer",
] as const;

export type WithholdingCode = (typeof withholdingCodes)[number];

/** Whether `code` (as a client received it, any string) withholds a whole skill. */
export function isWithholdingCode(code: string): code is WithholdingCode {
  return (withholdingCodes as readonly string[]).includes(code);
}

/**
 * Codes only the catalog refuses a stored skill with (a skill directory of a
 * root, or a row of a store). The destination codes it shares (invalid-id,
 * identity-mismatch, skill-file-too-large) and the source codes it shares
 * (link, not-utf8) mean the same thing there.
 */
export const catalogCodes = [
  "defined-twice",
  "invalid-frontmatter",
  "unreadable",
  "drifted",
  "unapproved",
] as const;
