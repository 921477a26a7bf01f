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
// a skill signed by a trusted key carries its signer. A file is read through the store that holds it and held against the
// manifest, so a file edited after the skill was listed is refused
// (`changed-file`).
import { createHash } from "node:crypto";
import { readFrontmatter } from "@skillshelf/bundle-reader";
import { message, type Refusal } from "@skillshelf/contract";
import {
  admitSkill,
  catalogWithBodies,
  type LoadedSkill,
  load,
  type Roots,
  readStoredFile,
  type SignatureJudge,
} from "@skillshelf/skill-catalog";
import type {
  ServedSkill,
  SkillSource,
  SourceFile,
  SourceListing,
  SourceSkill,
} from "./skill-source.js";
import { subscribeToStore } from "./store-changes.js";

/** What the application layer holds the served skills to: the shelf's signature judge. */
export type SkillSourceOptions = { judge?: SignatureJudge };

/**
 * The SkillSource over `roots` (as openShelf opens them: the builtin root and
 * the managed store), holding each skill to `options.judge` when given.
 */
export function skillSourceOf(roots: Roots, options: SkillSourceOptions = {}): SkillSource {
  const opened = roots;
  // Calls for one id made while another is under way share its answer (a
  // host reading a skill's files at once); nothing is kept once it settles.
  const pending = new Map<string, Promise<SourceSkill>>();
  const get = (id: string): Promise<SourceSkill> => {
    const running = pending.get(id);
    if (running !== undefined) return running;
    const started = getSkill(opened, id, options).finally(() => pending.delete(id));
    pending.set(id, started);
    return started;
  };
  return {
    list: () => listSkills(opened, options),
    get,
    readFile: (id, path) => readFile(opened, get, id, path),
    subscribe: (listener) => subscribeToStore(opened.managed, listener),
  };
}

async function listSkills(roots: Roots, options: SkillSourceOptions): Promise<SourceListing> {
  const catalog = await catalogWithBodies(roots);
  const refused: SourceListing["refused"] = catalog.refused.map(({ id, code, reason }) => ({
    id,
    code,
    reason,
  }));
  const skills: ServedSkill[] = [];
  for (const skill of catalog.skills) {
    const served = await servedOf(roots, skill, options);
    if (served.ok) skills.push(served.skill);
    else refused.push({ id: skill.id, code: served.code, reason: served.reason });
  }
  return { skills, refused };
}

async function getSkill(
  roots: Roots,
  id: string,
  options: SkillSourceOptions,
): Promise<SourceSkill> {
  const loaded = await load(roots, id);
  if (!loaded.ok) return { ok: false, code: loaded.refusal.code, reason: loaded.refusal.reason };
  return servedOf(roots, loaded.skill, options);
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
  const { tree, signer } = admitted;
  return {
    ok: true,
    skill: {
      id: skill.id,
      frontmatter,
      treeDigest: tree.digest,
      files: tree.files,
      ...(signer === undefined ? {} : { signer }),
    },
  };
}

async function readFile(
  roots: Roots,
  get: (id: string) => Promise<SourceSkill>,
  id: string,
  path: string,
): Promise<SourceFile> {
  const got = await get(id);
  if (!got.ok) return got;
  const listed = got.skill.files.find((file) => file.path === path);
  if (listed === undefined) return refusedBy({ code: "unknown-file", skill: id, path });
  const read = await readStoredFile(roots, id, path);
  if (!read.ok) return refusedBy(read.refusal);
  const digest = createHash("sha256").update(read.bytes).digest("hex");
  if (read.bytes.length !== listed.size || digest !== listed.sha256) {
    return refusedBy({ code: "changed-file", skill: id, path });
  }
  return { ok: true, bytes: read.bytes };
}

const refusedBy = (refusal: Refusal): { ok: false; code: string; reason: string } => ({
  ok: false,
  code: refusal.code,
  reason: message(refusal),
});
