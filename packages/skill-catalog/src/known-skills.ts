// What the catalog learned from each SKILL.md it read, kept under the bytes'
// digest (and the id it was judged for, which both answers name): a stored
// skill is judged on every read of the catalog, and its identity and its
// specification warnings depend on nothing but those bytes and that id. So a
// catalog read of unchanged skills costs the SHA-256 of their bytes, which
// it computes anyway for the revision, and never a YAML parse again. Both
// maps are bounded (entries and what they hold), so a store of many large
// frontmatters costs a parse now and then, never unbounded memory. The
// findings of a SKILL.md (what its bytes hide) are kept the same way, and
// those of a whole tree (every text file of a skill) under its tree digest,
// judged wherever the tree is read from its bytes (verify, a builtin
// skill's admission, show).
import { isUtf8 } from "node:buffer";
import { type Finding, findingsOf, specWarningsOf, type Warning } from "@skillshelf/bundle-reader";
import { BoundedCache } from "./bounded-cache.js";
import type { Identity } from "./identity.js";
import { isSignatureFile, type Tree } from "./record.js";
import type { StoredFile } from "./store.js";

/** How many SKILL.md files' identities and warnings are kept. */
export const KNOWN_SKILLS = 10_000;

const identities = new BoundedCache<Identity>(
  KNOWN_SKILLS,
  // Descriptions are kept in full: at most 16 Mi characters of them in all.
  16 * 1024 * 1024,
  (identity) => (identity.ok ? (identity.description?.length ?? 0) : identity.reason.length),
);

const warnings = new BoundedCache<Warning[]>(
  KNOWN_SKILLS,
  // At most 100,000 warnings in all (a skill keeps at most 101).
  100_000,
  (list) => list.length,
);

const keyOf = (digest: string, id: string): string => `${digest}:${id}`;

/** The identity `judge` finds in the SKILL.md of digest `digest` for `id`, judged once. */
export function knownIdentity(digest: string, id: string, judge: () => Identity): Identity {
  return identities.through(keyOf(digest, id), judge);
}

/**
 * The Agent Skills specification's warnings for an offered skill's SKILL.md
 * (its id, digest and text, as the catalog gives them), read once per digest.
 */
export function storedSpecWarnings(skill: { id: string; digest: string; text: string }): Warning[] {
  return warnings.through(keyOf(skill.digest, skill.id), () =>
    specWarningsOf(skill.id, skill.text),
  );
}

const findings = new BoundedCache<Finding[]>(
  KNOWN_SKILLS,
  // At most 100,000 findings in all (a file keeps at most 100 of each severity).
  100_000,
  (list) => list.length,
);

/**
 * The findings of an offered skill's SKILL.md (its id, digest and text, as
 * the catalog gives them), read once per digest. Reported, never refusing:
 * the import already judged them.
 */
export function storedFindings(skill: { id: string; digest: string; text: string }): Finding[] {
  return findings.through(keyOf(skill.digest, skill.id), () =>
    findingsOf({ name: skill.id, files: [{ path: "SKILL.md", text: skill.text }] }),
  );
}

const treeFindingsKept = new BoundedCache<Finding[]>(KNOWN_SKILLS, 100_000, (list) => list.length);

/**
 * The findings of every text file of skill `id`'s tree `tree`, whose bytes
 * are `files` (as just read, the tree computed from them), judged once per
 * tree digest. SKILL.sig is not part of the tree and is not read; a file
 * that is not UTF-8 cannot be stored, and is passed over rather than decoded.
 */
export function treeFindings(id: string, tree: Tree, files: readonly StoredFile[]): Finding[] {
  return treeFindingsKept.through(keyOf(tree.digest, id), () =>
    findingsOf({
      name: id,
      files: files.filter((file) => !isSignatureFile(file.path) && isUtf8(file.bytes)),
    }),
  );
}
