// The public shapes of the catalog: what an offered skill and a refused one
// look like, and what load, install, check and remove answer. Every surface
// (payload, CLI, server) speaks in these, so they are kept in one place and
// change only by addition.
import type { DestinationRefusal } from "@skillshelf/bundle-reader";

/** Which root a skill lives in. Order of roots is never precedence. */
export type Origin = "builtin" | "managed";

/** Why a directory that looks like a skill is not offered. */
export type CatalogCode =
  | "defined-twice"
  | "invalid-id"
  | "identity-mismatch"
  | "invalid-frontmatter"
  | "link"
  | "skill-file-too-large"
  | "not-utf8"
  | "unreadable";

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

/** A directory that holds a SKILL.md but is not offered, and why. */
export type RefusedSkill = {
  id: string;
  code: CatalogCode;
  reason: string;
  origin?: Origin;
  path?: string;
};

/** Offered skills and refusals over both roots, each sorted by id. */
export type Catalog = { skills: OfferedSkill[]; refused: RefusedSkill[]; revision: string };

/** A catalog whose skills carry their text, each read once with its digest. */
export type CatalogWithBodies = {
  skills: LoadedSkill[];
  refused: RefusedSkill[];
  revision: string;
};

export type LoadRefusal = { code: "unknown-skill" | CatalogCode; id: string; reason: string };

export type LoadResult = { ok: true; skill: LoadedSkill } | { ok: false; refusal: LoadRefusal };

/** One skill written (or, for check, that would be written) by an install. */
export type InstalledSkill = { id: string; replaced: boolean; digest: string; path: string };

export type InstallResult =
  | { ok: true; installed: InstalledSkill[] }
  | { ok: false; refusal: DestinationRefusal };

export type InstallOptions = { replace?: boolean };

export type RemoveResult = { ok: true; id: string } | { ok: false; refusal: DestinationRefusal };

/** The JSON shape of one offered skill in a report. */
export type SkillReport = {
  id: string;
  origin: Origin;
  path: string;
  digest: string;
  bytes: number;
  /** The frontmatter description, when SKILL.md has one. */
  description?: string;
};

/** The JSON shape of a whole catalog in a report. */
export type CatalogReport = {
  index: SkillReport[];
  refused: { id: string; code: CatalogCode; reason: string }[];
  revision: string;
};
