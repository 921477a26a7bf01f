// The public shapes of a bundle read: where bytes come from, what a skill is,
// and what a read answers. What a refusal carries is the shared vocabulary of
// @skillshelf/contract, re-exported here under the names this package has
// always published.
import type { CatalogCode, Code, DestinationCode, Refusal } from "@skillshelf/contract";

export type {
  CatalogCode,
  CatalogOnlyCode,
  DestinationCode,
  Refusal,
  SourceCode,
  UnsafePathReason,
} from "@skillshelf/contract";

/** Where a bundle comes from. */
export type Source =
  | { kind: "path"; path: string }
  | { kind: "archive"; bytes: Uint8Array; name?: string }
  | { kind: "uploads"; files: UploadFile[] }
  | GitSource;

/**
 * A git repository at a branch, tag or commit (its default branch when `ref`
 * is absent), fetched with the system `git` and read as a folder. `url` is
 * what git fetches: `https://`, `http://`, `ssh://`, `file://` or `git://`
 * (`parseGitSource` turns a `git+…` or `github:` spec into one).
 */
export type GitSource = { kind: "git"; url: string; ref?: string };

/** Where a bundle read from a repository came from: the URL without credentials, the ref as given, the commit read. */
export type GitOrigin = { kind: "git"; url: string; ref?: string; commit: string };

/**
 * One file of a browser directory selection, by its client-relative path:
 * text, or the bytes a client sent for it (judged as UTF-8 by the reader,
 * so a server need not decode, and possibly repair, a name it received).
 */
export type UploadFile = { path: string | Uint8Array; bytes: Uint8Array };

/**
 * A file of a skill: a POSIX path below the skill's root and its bytes, which
 * the reader has proven to be valid UTF-8. `text` is those bytes decoded,
 * computed on first use and kept, so a caller that only writes or counts a
 * file never pays for a string.
 */
export type SkillFile = {
  path: string;
  bytes: Uint8Array;
  readonly text: string;
  executable: boolean;
};

/** A skill as read from a bundle: its name and its files, sorted by path. */
export type Skill = { name: string; files: SkillFile[] };

/** How far a read has come, reported as it goes. */
export type ReadProgress = { bytes: number; entries: number };

export type ReadOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
  /** Strict checking: a specification warning becomes the refusal `spec-violation`. */
  strict?: boolean;
  /** The directory of the source taken as the bundle's root (matched as stored, or under its one wrapper). */
  path?: string;
  /** Keep only these skills of the bundle (`not-in-source` for a name it does not hold). */
  skills?: readonly string[];
  /** Leave these skills of a collection out, unjudged (`not-in-source` for a name it does not hold). */
  skip?: readonly string[];
  /** For a git source: how long fetching and checking out may take in all (default 120,000 ms). */
  gitTimeoutMs?: number;
};

/** What a specification warning is about (see spec-warnings.ts). */
export type WarningCode =
  | "missing-frontmatter"
  | "invalid-frontmatter"
  | "missing-field"
  | "invalid-name"
  | "field-type"
  | "field-too-long"
  | "empty-field"
  | "host-specific-field"
  | "skill-file-too-large"
  | "more-warnings";

/**
 * A skill that breaks the Agent Skills specification without breaking the
 * bundle: it is read all the same, and the warning says what to change.
 */
export type Warning = {
  code: WarningCode;
  /** The skill whose SKILL.md draws the warning. */
  skill: string;
  /** The frontmatter field concerned (`frontmatter` for the block as a whole). */
  field: string;
  /** One sentence naming the skill and the field, and what the specification asks. */
  message: string;
};

/** Every refusal code. @deprecated Use `Code` from @skillshelf/contract. */
export type RefusalCode = Code;

/**
 * A destination, catalog or payload refusal.
 * @deprecated Use `Refusal` (or `Refusal<DestinationCode | CatalogCode>`) from @skillshelf/contract.
 */
export type DestinationRefusal = Refusal<DestinationCode | CatalogCode>;

/** The skills a source resolves to, before the specification is consulted. */
export type SkillsResult = { ok: true; skills: Skill[] } | { ok: false; refusal: Refusal };

/** A read's answer; `origin` is there for a git source only. */
export type ReadResult =
  | { ok: true; skills: Skill[]; warnings: Warning[]; origin?: GitOrigin }
  | { ok: false; refusal: Refusal };
