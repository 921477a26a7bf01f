// The SkillSource over the catalog of a builtin root and a managed store, as
// @skillshelf/skill-catalog keeps them today. Offered skills and refusals
// are the catalog's; a skill's frontmatter is read from the SKILL.md the
// catalog read, with bundle-reader's one reader; a managed skill's manifest
// is the tree its record vouches for, served only while the files match it
// (skill-catalog's trust gate, the payload's own rule: a drifted skill or
// one with no record is refused with `drifted` or `unapproved`), and a
// builtin skill's, which has no record, is the tree of its files on disk
// now. A file is read through the store that holds it and held against the
// manifest, so a file edited after the skill was listed is refused
// (`changed-file`).
import { createHash } from "node:crypto";
import { readFrontmatter } from "@skillshelf/bundle-reader";
import { message, type Refusal } from "@skillshelf/contract";
import {
  catalogWithBodies,
  type LoadedSkill,
  load,
  type Roots,
  readSkillFiles,
  readStoredFile,
  treeOf,
  vouchedTree,
} from "@skillshelf/skill-catalog";
import type {
  ServedSkill,
  SkillSource,
  SourceFile,
  SourceListing,
  SourceSkill,
} from "./skill-source.js";
import { subscribeToStore } from "./store-changes.js";

/** The SkillSource over `roots` (as openShelf opens them: the builtin root and the managed store). */
export function skillSourceOf(roots: Roots): SkillSource {
  const opened = roots;
  // Calls for one id made while another is under way share its answer (a
  // host reading a skill's files at once); nothing is kept once it settles.
  const pending = new Map<string, Promise<SourceSkill>>();
  const get = (id: string): Promise<SourceSkill> => {
    const running = pending.get(id);
    if (running !== undefined) return running;
    const started = getSkill(opened, id).finally(() => pending.delete(id));
    pending.set(id, started);
    return started;
  };
  return {
    list: () => listSkills(opened),
    get,
    readFile: (id, path) => readFile(opened, get, id, path),
    subscribe: (listener) => subscribeToStore(opened.managed, listener),
  };
}

async function listSkills(roots: Roots): Promise<SourceListing> {
  const catalog = await catalogWithBodies(roots);
  const refused: SourceListing["refused"] = catalog.refused.map(({ id, code, reason }) => ({
    id,
    code,
    reason,
  }));
  const skills: ServedSkill[] = [];
  for (const skill of catalog.skills) {
    const served = await servedOf(roots, skill);
    if (served.ok) skills.push(served.skill);
    else refused.push({ id: skill.id, code: served.code, reason: served.reason });
  }
  return { skills, refused };
}

async function getSkill(roots: Roots, id: string): Promise<SourceSkill> {
  const loaded = await load(roots, id);
  if (!loaded.ok) return { ok: false, code: loaded.refusal.code, reason: loaded.refusal.reason };
  return servedOf(roots, loaded.skill);
}

/** The skill with its frontmatter and manifest: the vouched-for tree, else (builtin) its files' tree now. */
async function servedOf(roots: Roots, skill: LoadedSkill): Promise<SourceSkill> {
  const read = readFrontmatter(skill.text);
  const frontmatter = read.kind === "present" ? read.fields : undefined;
  if (skill.origin === "managed" && roots.managed !== undefined) {
    // The trust gate's one rule (skill-catalog's vouchedTree), as the payload
    // applies it: a drifted or unapproved managed skill is not served.
    const vouched = await vouchedTree(roots.managed, skill);
    if (!vouched.ok)
      return { ok: false, code: vouched.refused.code, reason: vouched.refused.reason };
    const { digest, files } = vouched.tree;
    return { ok: true, skill: { id: skill.id, frontmatter, treeDigest: digest, files } };
  }
  const stored = await readSkillFiles(roots, skill.id);
  if (!stored.ok) return refusedBy(stored.refusal);
  const tree = treeOf(stored.files);
  return {
    ok: true,
    skill: { id: skill.id, frontmatter, treeDigest: tree.digest, files: tree.files },
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
