// Bundles for the store tests, read by the real reader from an uploads
// source, and the records an install would stage beside them.
import { createHash } from "node:crypto";
import { readBundle, type Skill } from "@skillshelf/bundle-reader";
import type { InstallRecord, StagedSkill, StoreView } from "../../src/catalog-types.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A skill named `id` with a SKILL.md declaring it and the given extra files. */
export async function skillOf(id: string, extra: Record<string, string> = {}, body = "") {
  const files = [
    {
      path: `${id}/SKILL.md`,
      bytes: utf8(`---\nname: ${id}\ndescription: ${id} for tests\n---\n${body}\n`),
    },
    ...Object.entries(extra).map(([path, text]) => ({ path: `${id}/${path}`, bytes: utf8(text) })),
  ];
  const read = await readBundle({ kind: "uploads", files });
  if (!read.ok) throw new Error(`test bundle refused: ${read.refusal.code}`);
  return read.skills[0]!;
}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** The skill with a record of an uploads source. */
export function staged(skill: Skill): StagedSkill {
  const files = skill.files.map((file) => {
    const bytes = utf8(file.text);
    return {
      path: file.path,
      executable: file.executable,
      size: bytes.length,
      sha256: sha256(bytes),
    };
  });
  const record: InstallRecord = {
    id: skill.name,
    source: { kind: "uploads" },
    installedAt: new Date().toISOString(),
    tool: "skillshelf test",
    tree: { digest: sha256(files.map((file) => file.sha256).join()), files },
  };
  return { skill, record };
}

/** An admit as the catalog's for a plain import: every id must be free unless replacing. */
export const admitNew =
  (ids: readonly string[], replace = false) =>
  async (view: StoreView) => {
    if (replace) return undefined;
    for (const id of ids) {
      if (await view.has(id))
        return { code: "already-defined" as const, skill: id, other: "store" };
    }
    return undefined;
  };
