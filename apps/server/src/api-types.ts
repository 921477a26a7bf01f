// The bodies the API answers with, named once: the routes build them and the
// web console's JSDoc types import them, so the page is type-checked against
// what the server really sends. Sizes arrive formatted (`size`) beside the
// byte counts, so the console formats nothing itself.
import type { BundleListing, Finding, Warning } from "@skillshelf/bundle-reader";
import type { ImportedSkill, SignatureStatus } from "@skillshelf/shelf";
import type {
  InstallRecord,
  OfferedSkill,
  PayloadUse,
  RefusedSkill,
  Signer,
  SkillFileSummary,
  Verdict,
} from "@skillshelf/skill-catalog";
import type { RefusalBody } from "./answer.js";
import type { CatalogChange } from "./catalog-changes.js";

/**
 * An offered skill as listed: the catalog's fields and its size as a person
 * reads it; a managed skill with an install record carries it and its tree
 * digest; a skill whose tree a key in the server's trust file signed carries
 * its `signer`.
 */
export type ListedSkill = OfferedSkill & {
  size: string;
  treeDigest?: string;
  record?: InstallRecord;
  signer?: Signer;
};

/** A refused skill as listed: the catalog's fields and the sentence to show. */
export type ListedRefusal = RefusedSkill & { message: string };

/** GET /api/skills */
export type SkillsAnswer = {
  skills: ListedSkill[];
  refused: ListedRefusal[];
  revision: string;
  /** How much of the payload bound the offered bodies use. */
  payload: PayloadUse;
  /**
   * Offered skills a worker is not handed: drifted (with `changes`) or
   * unapproved, or withheld by the signature policy (unsigned,
   * bad-signature, untrusted-signer).
   */
  withheld: ListedRefusal[];
  /** The findings of each offered skill's text files, as list has them (reported; nothing refuses at read time). */
  findings: Finding[];
};

/**
 * One file in GET /api/skills/:id: no text, which GET /api/skills/:id/files/<path>
 * serves (`binary: true` marks a file that is not UTF-8, served as bytes).
 */
export type ListedFile = SkillFileSummary & { size: string };

/** GET /api/skills/:id: the skill with its tree digest, its files, and for a managed skill its record and drift. */
export type SkillAnswer = {
  skill: ListedSkill & { treeDigest: string };
  files: ListedFile[];
  record?: InstallRecord;
  verify?: Verdict;
  /** Who signed its tree, checked now against the server's trust file (SKILL.sig is not part of the tree). */
  signature: SignatureStatus;
  /** The Agent Skills specification's warnings for its SKILL.md (they never refuse). */
  warnings: Warning[];
  /** The findings of its text files as held now (reported; nothing refuses at read time). */
  findings: Finding[];
};

/** DELETE /api/skills/:id */
export type RemoveAnswer = { removed: string };

/** POST /api/skills/:id/approve: the tree vouched for, by whom and when. */
export type ApproveAnswer = {
  approved: string;
  treeDigest: string;
  by: string;
  at: string;
  /** The findings of the files approved: warnings, and refusing ones whose code `accept=` named. */
  findings: Finding[];
};

/**
 * POST /api/imports: 201 (200 for a dry run), with the specification's
 * warnings and the findings that did not refuse (warnings, and refusing
 * ones whose code `accept=` named).
 */
export type ImportAnswer = { skills: ImportedSkill[]; warnings: Warning[]; findings: Finding[] };

/**
 * One skill of a listing: where it lies and the `path` that selects it, and
 * whether it imports when read alone; one that does not carries its refusal
 * (with no place on the server) and the table's sentence for it, worded as
 * the request asks (the console's chooser shows it beside the skill).
 */
export type ListedSource = Omit<BundleListing["skills"][number], "verdict"> & {
  verdict?: { importable: true } | ({ importable: false } & RefusalBody);
};

/** POST /api/imports?list=1: 200, what the source holds, each skill judged alone; nothing stored. */
export type ListingAnswer = { listing: Omit<BundleListing, "skills"> & { skills: ListedSource[] } };

/**
 * Every non-2xx answer: a refusal (bundle, destination or request) with its
 * sentence; a `hidden-content` refusal of an import also carries every finding.
 */
export type ErrorAnswer = RefusalBody & { findings?: Finding[] };

/** The `data` of a `change` event on GET /api/events. */
export type ChangeEvent = CatalogChange;
