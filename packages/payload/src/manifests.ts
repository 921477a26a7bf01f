// Each offered skill's manifest, so a worker knows exactly which bytes it may
// use besides the body: a managed skill's is its install record's tree (the
// digests taken at import, never recomputed, so a file edited since is caught
// by whoever fetches it), as long as the record's SKILL.md is the body the
// catalog read; a builtin skill, which has no record, or a managed one
// without a matching record, gets the tree of its files as they are now. A
// skill whose files cannot be read is refused with the catalog's code rather
// than offered without a manifest.
import { message } from "@skillshelf/contract";
import {
  type InstallRecord,
  type Roots,
  readSkillFiles,
  type Tree,
  treeOf,
} from "@skillshelf/skill-catalog";

export type Manifest = { ok: true; tree: Tree } | { ok: false; code: string; reason: string };

/** The manifest of each skill (by id), read once per payload. */
export async function manifestsOf(
  roots: Roots,
  skills: readonly { id: string; origin: string; digest: string }[],
): Promise<Map<string, Manifest>> {
  const records = new Map<string, InstallRecord>(
    ((await roots.managed?.records()) ?? []).map((record) => [record.id, record]),
  );
  const manifests = new Map<string, Manifest>();
  for (const skill of skills) {
    const record = skill.origin === "managed" ? records.get(skill.id) : undefined;
    const recorded = record?.tree.files.find((file) => file.path === "SKILL.md");
    if (record !== undefined && recorded?.sha256 === skill.digest) {
      manifests.set(skill.id, { ok: true, tree: record.tree });
      continue;
    }
    const read = await readSkillFiles(roots, skill.id);
    manifests.set(
      skill.id,
      read.ok
        ? { ok: true, tree: treeOf(read.files) }
        : {
            ok: false,
            code: read.refusal.code,
            reason: message(read.refusal),
          },
    );
  }
  return manifests;
}
