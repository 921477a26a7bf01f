// The public shapes of the catalog: what an offered skill and a refused one
// look like, and what load, install, check and remove answer. Every surface
// (payload, CLI, server) speaks in these, so they are kept in one place and
// change only by addition.

import type { FindingCode } from "@skillshelf/bundle-reader";
import type { CatalogCode as BundleCatalogCode, Refusal } from "@skillshelf/contract";
import type { InstallRecord, RecordedSignature, RecordedSource } from "./record.js";

/** Which root a skill lives in. Order of roots is never precedence. */
export type Origin = "builtin" | "managed";

/** Why a directory that looks like a skill is not offered (codes of the one refusal table). */
export type CatalogCode = BundleCatalogCode;

/** A skill the catalog offers: where its SKILL.md is and what its bytes hash to. */
export type OfferedSkill = {
  id: string;
  origin: Origin;
  /** Absolute path of the skill's SKILL.md. */
  path: string;
  /** SHA-256 hex of the SKILL.md bytes. */
  digest: string;
  /** Length of the SKILL.md in bytes. */
  bytes: number;
  /** The frontmatter `description`, for display only. */
  description?: string;
};

/** An offered skill together with the text its digest describes. */
export type LoadedSkill = OfferedSkill & { text: string };

/**
 * A directory that holds a SKILL.md but is not offered, and why: a refusal
 * of the one table (code, skill, path, other, detail, limit, origin), with
 * `id` (the directory's name) and `reason`, the table's sentence for it.
 */
export type RefusedSkill = Refusal<CatalogCode> & { id: string; reason: string };

/** Offered skills and refusals over both roots, each sorted by id. */
export type Catalog = { skills: OfferedSkill[]; refused: RefusedSkill[]; revision: string };

/** A catalog whose skills carry their text, each read once with its digest. */
export type CatalogWithBodies = {
  skills: LoadedSkill[];
  refused: RefusedSkill[];
  revision: string;
};

/** Why load refused an id: the catalog's refusal for that entry, or unknown-skill. */
export type LoadRefusal = Refusal<"unknown-skill" | CatalogCode> & { id: string; reason: string };

export type LoadResult = { ok: true; skill: LoadedSkill } | { ok: false; refusal: LoadRefusal };

/** One skill written (or, for check, that would be written) by an install. */
export type InstalledSkill = {
  id: string;
  replaced: boolean;
  digest: string;
  path: string;
  /** The tree digest of the skill's files (record.ts). */
  treeDigest?: string;
};

export type InstallResult =
  | { ok: true; installed: InstalledSkill[] }
  | { ok: false; refusal: Refusal };

export type InstallOptions = {
  /** Replace skills the managed store already holds. */
  replace?: boolean;
  /** The source the skills were read from, kept in each skill's record. */
  source?: RecordedSource;
  /** A source per skill id, over `source` (update re-imports skills from several sources at once). */
  sources?: ReadonlyMap<string, RecordedSource>;
  /** The tool installing, as `name version`, kept in each record. */
  tool?: string;
  /** The verified signature of each signed skill, by id, kept in its record. */
  signatures?: ReadonlyMap<string, RecordedSignature>;
  /** The finding codes the operator accepted for this import, kept in each record. */
  accepted?: readonly FindingCode[];
  /** Accepted codes per skill id, over `accepted` (update keeps each skill's own). */
  acceptedBy?: ReadonlyMap<string, readonly FindingCode[]>;
  /**
   * The tree digest each of these ids held when the caller judged it (update's
   * verify): checked again inside the store's step, under its lock, and the
   * install refused `drifted` if a skill changed since, so files edited while
   * update read its sources are never overwritten unseen.
   */
  unchangedSince?: ReadonlyMap<string, string>;
};

export type RemoveResult = { ok: true; id: string } | { ok: false; refusal: Refusal };

/** The JSON shape of one offered skill in a report. */
export type SkillReport = {
  id: string;
  origin: Origin;
  path: string;
  digest: string;
  bytes: number;
  /** The frontmatter description, when SKILL.md has one. */
  description?: string;
  /** The recorded tree digest, for a managed skill with a record. */
  treeDigest?: string;
  /** The record of its install, for a managed skill with one. */
  record?: InstallRecord;
};

/** The JSON shape of a whole catalog in a report. */
export type CatalogReport = {
  index: SkillReport[];
  refused: { id: string; code: CatalogCode; reason: string }[];
  revision: string;
};
