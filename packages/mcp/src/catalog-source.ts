// The SkillSource over the catalog of a builtin root and a managed store, as
// @skillshelf/skill-catalog keeps them today. Offered skills and refusals
// are the catalog's; a skill's frontmatter is read from the SKILL.md the
// catalog read, with bundle-reader's one reader; a managed skill's manifest
// is the tree its record vouches for, served only while the files match it
// (skill-catalog's trust gate, the payload's own rule: a drifted skill or
// one with no record is refused with `drifted` or `unapproved`), and a
// builtin skill's, which has no record, is the tree of its files on disk
// now. The shelf may hand in its signature judge: a skill its policy
// withholds (`unsigned`, `bad-signature`, `untrusted-signer`) is refused, and
// a skill signed by a trusted key carries its signer. A file is read through
// the store that holds it and held against the manifest on every read, so a
// file edited after the skill was listed is refused: the read forgets the
// skill's admission and asks the gate again, which names the drift
// (`drifted`), or `changed-file` when the gate vouches for other bytes now.
// Admissions are kept while a server hears the store's changes through
// `subscribe` (admissions.ts says when they are made again), so a read of
// one file costs reading and hashing that one file; the listing made from
// them is kept beside them, so a walk of the list costs an lstat of every
// SKILL.md (skill-catalog's catalogStamp) while none of them changed.
import { hash } from "node:crypto";
import { readFrontmatter } from "@skillshelf/bundle-reader";
import { message, type Refusal } from "@skillshelf/contract";
import {
  admitSkill,
  catalogStamp,
  catalogWithBodies,
  type LoadedSkill,
  load,
  type Origin,
  type Roots,
  readOfferedFile,
  type SignatureJudge,
} from "@skillshelf/skill-catalog";
import { type Admitted, createAdmissions } from "./admissions.js";
import type {
  ServedSkill,
  SkillSource,
  SourceFile,
  SourceListing,
  SourceRefusal,
  SourceSkill,
} from "./skill-source.js";
import { subscribeToStore } from "./store-changes.js";

/** What the application layer holds the served skills to: the shelf's signature judge. */
export type SkillSourceOptions = { judge?: SignatureJudge };

/** An admission, or why the skill is not served. */
type Admission = { ok: true; admitted: Admitted } | ({ ok: false } & SourceRefusal);

/**
 * The SkillSource over `roots` (as openShelf opens them: the builtin root and
 * the managed store), holding each skill to `options.judge` when given.
 */
export function skillSourceOf(roots: Roots, options: SkillSourceOptions = {}): SkillSource {
  const kept = createAdmissions();
  const listeners = new Set<() => void>();
  let stopStore: (() => void) | undefined;

  /** `skill` (as just read) admitted and, while changes are heard, kept. */
  const admit = async (skill: LoadedSkill): Promise<Admission> => {
    const generation = kept.generation;
    const served = await servedOf(roots, skill, options);
    if (!served.ok) {
      kept.forget(skill.id);
      return served;
    }
    const admitted = { skill: served.skill, origin: skill.origin };
    kept.keep(admitted, skill.digest, generation);
    return { ok: true, admitted };
  };
  const admitFresh = async (id: string): Promise<Admission> => {
    const loaded = await load(roots, id);
    if (!loaded.ok) {
      kept.forget(id);
      return { ok: false, code: loaded.refusal.code, reason: loaded.refusal.reason };
    }
    return admit(loaded.skill);
  };
  // Calls for one id made while another is under way share its answer (a
  // host reading a skill's files at once); nothing is kept once it settles.
  const pending = new Map<string, Promise<Admission>>();
  const admission = (id: string): Promise<Admission> => {
    const held = kept.get(id);
    if (held !== undefined) return Promise.resolve({ ok: true, admitted: held });
    const running = pending.get(id);
    if (running !== undefined) return running;
    const started = admitFresh(id).finally(() => pending.delete(id));
    pending.set(id, started);
    return started;
  };

  // A walk of the list begins here: while admissions are kept, the listing
  // made from them is answered again as long as the catalog's stamp, taken
  // before the catalog is read, is unchanged (admissions.ts).
  const list = async (): Promise<SourceListing> => {
    if (!kept.active) return readListing();
    const generation = kept.generation;
    const stamp = await catalogStamp(roots);
    const held = kept.listing(stamp);
    if (held !== undefined) return held;
    const listing = await readListing();
    kept.keepListing(listing, stamp, generation);
    return listing;
  };

  const readListing = async (): Promise<SourceListing> => {
    const catalog = await catalogWithBodies(roots);
    const refused: SourceListing["refused"] = catalog.refused.map(({ id, code, reason }) => ({
      id,
      code,
      reason,
    }));
    kept.retain(new Set(catalog.skills.map((skill) => skill.id)));
    const skills: ServedSkill[] = [];
    for (const skill of catalog.skills) {
      const held = kept.get(skill.id, skill.digest);
      const served =
        held === undefined ? await admit(skill) : { ok: true as const, admitted: held };
      if (served.ok) skills.push(served.admitted.skill);
      else refused.push({ id: skill.id, code: served.code, reason: served.reason });
    }
    return { skills, refused };
  };

  const readFile = async (id: string, path: string): Promise<SourceFile> => {
    const held = kept.get(id);
    const first = held === undefined ? await admission(id) : { ok: true as const, admitted: held };
    if (!first.ok) return first;
    const read = await readListed(roots, first.admitted, path);
    if (read !== "changed") return read;
    // Changed since admitted: the gate, asked again, names the drift.
    kept.forget(id);
    const again = await admitFresh(id);
    if (!again.ok) return again;
    const reread = await readListed(roots, again.admitted, path);
    return reread === "changed" ? refusedBy({ code: "changed-file", skill: id, path }) : reread;
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    if (stopStore === undefined) {
      kept.setActive(true);
      stopStore = subscribeToStore(roots.managed, () => {
        kept.changed();
        for (const heard of [...listeners]) heard();
      });
    }
    return () => {
      if (!listeners.delete(listener) || listeners.size > 0) return;
      stopStore?.();
      stopStore = undefined;
      kept.setActive(false);
    };
  };

  return {
    list,
    get: async (id) => {
      const got = await admission(id);
      return got.ok ? { ok: true, skill: got.admitted.skill } : got;
    },
    readFile,
    subscribe,
  };
}

/**
 * The skill with its frontmatter, manifest and signer: the vouched-for tree,
 * else (builtin) its files' tree now, held to the payload's own rules
 * (skill-catalog's admitSkill: the trust gate, then the shelf's signature
 * judge), so a skill withheld from the payload is not served here either.
 */
async function servedOf(
  roots: Roots,
  skill: LoadedSkill,
  options: SkillSourceOptions,
): Promise<SourceSkill> {
  const read = readFrontmatter(skill.text);
  const frontmatter = read.kind === "present" ? read.fields : undefined;
  const admitted = await admitSkill(roots, skill, options);
  if (!admitted.ok) {
    if ("unreadable" in admitted) return refusedBy(admitted.unreadable);
    return { ok: false, code: admitted.refused.code, reason: admitted.refused.reason };
  }
  const { tree, signer, findings } = admitted;
  return {
    ok: true,
    skill: {
      id: skill.id,
      frontmatter,
      treeDigest: tree.digest,
      files: tree.files,
      ...(signer === undefined ? {} : { signer }),
      ...(findings === undefined || findings.length === 0 ? {} : { findings }),
    },
  };
}

/** The bytes of `path` when they are the admitted tree's, `"changed"` when they are not. */
async function readListed(
  roots: Roots,
  { skill, origin }: { skill: ServedSkill; origin: Origin },
  path: string,
): Promise<SourceFile | "changed"> {
  const listed = skill.files.find((file) => file.path === path);
  if (listed === undefined) return refusedBy({ code: "unknown-file", skill: skill.id, path });
  const read = await readOfferedFile(roots, origin, skill.id, path);
  if (!read.ok) return read.refusal.code === "unknown-file" ? "changed" : refusedBy(read.refusal);
  if (read.bytes.length !== listed.size) return "changed";
  if (hash("sha256", read.bytes, "hex") !== listed.sha256) return "changed";
  return { ok: true, bytes: read.bytes };
}

const refusedBy = (refusal: Refusal): { ok: false; code: string; reason: string } => ({
  ok: false,
  code: refusal.code,
  reason: message(refusal),
});
