// What the MCP server serves from: a small interface any skill store can
// answer. The server holds no rule about where skills live or how they are
// judged; it asks a source for the offered skills with their frontmatter and
// recorded manifest, for one skill by id, and for one file's bytes, and it
// learns of changes through `subscribe`. `skillSourceOf(roots)` answers it
// over the catalog and its install records; an application layer may answer
// it over anything else that keeps the same promises.

import type { Finding } from "@skillshelf/bundle-reader";

/** One file of a served skill, as its manifest records it. */
export type ServedFile = {
  /** POSIX path below the skill's root. */
  path: string;
  /** Length of the file's bytes. */
  size: number;
  /** SHA-256 hex of the file's bytes, as recorded (never recomputed for the answer). */
  sha256: string;
  executable: boolean;
};

/** One offered skill: its frontmatter as written and its complete manifest. */
export type ServedSkill = {
  id: string;
  /**
   * The SKILL.md frontmatter as read by bundle-reader's readFrontmatter, from
   * the very bytes `files` describes; undefined when it has none.
   */
  frontmatter: Record<string, unknown> | undefined;
  /** The tree digest over `files` (skill-catalog's record.ts formula). */
  treeDigest: string;
  /** Every file of the skill, SKILL.md among them, in path order. */
  files: ServedFile[];
  /** Who signed `treeDigest`, when a key the shelf trusts did (SKILL.sig is not in `files`). */
  signer?: { principal: string; fingerprint: string; algorithm: string };
  /**
   * What the findings module (bundle-reader's findingsOf, through
   * skill-catalog's treeFindings) finds in the text files of the tree
   * served, as `list` shows them; absent or empty when it finds nothing.
   */
  findings?: Finding[];
};

/** Why a source does not serve something: a code of the refusal table and its sentence. */
export type SourceRefusal = { code: string; reason: string };

export type SourceListing = {
  skills: ServedSkill[];
  refused: { id: string; code: string; reason: string }[];
};

export type SourceSkill = { ok: true; skill: ServedSkill } | ({ ok: false } & SourceRefusal);

export type SourceFile = { ok: true; bytes: Uint8Array } | ({ ok: false } & SourceRefusal);

/** What the MCP server serves from. */
export interface SkillSource {
  /** Every offered skill, and every refused one with its code and reason. */
  list(): Promise<SourceListing>;
  /** One offered skill by id, or why it is not offered. */
  get(id: string): Promise<SourceSkill>;
  /** One file of an offered skill by path, its bytes checked against the skill's manifest. */
  readFile(id: string, path: string): Promise<SourceFile>;
  /** Calls `listener` after every change of the store; answers the way to stop. */
  subscribe(listener: () => void): () => void;
}
