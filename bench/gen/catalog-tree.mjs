// Skill roots for the catalog and payload benchmarks: N skill directories,
// each holding one SKILL.md of an exact size. Half declare their id with
// the title rule and half with Agent Skills frontmatter, as a real store
// would mix them. Trees are cached under bench/out/inputs with a marker.

import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { INPUT_DIR } from "./inputs.mjs";
import { createTextWriter } from "./text.mjs";

/** The id of skill number `index` in a benchmark root. */
export function formatSkillId(index) {
  return `skill-${String(index).padStart(5, "0")}`;
}

function fitToBytes(text, bytes) {
  let fitted = text;
  while (Buffer.byteLength(fitted) > bytes - 1) fitted = fitted.slice(0, -1);
  return `${fitted}${"\n".repeat(bytes - Buffer.byteLength(fitted))}`;
}

/** Returns the SKILL.md text of skill `index`, exactly `bytes` long. */
export function describeSkillFile(index, bytes, writeText) {
  const id = formatSkillId(index);
  const opening =
    index % 2 === 0
      ? `# ${id}\n\n`
      : `---\nname: ${id}\ndescription: Benchmark skill number ${index}.\n---\n\n# Usage\n\n`;
  return fitToBytes(`${opening}${writeText(bytes)}`, bytes);
}

/**
 * Returns the path of a cached root (a `skills` directory) holding `count`
 * skills whose SKILL.md are `bytes` long each.
 */
export async function ensureSkillRoot(count, bytes) {
  const base = join(INPUT_DIR, `root-${count}x${bytes}-v1`);
  const root = join(base, "skills");
  if (existsSync(`${base}.complete`)) return root;
  await rm(base, { recursive: true, force: true });
  const writeText = createTextWriter(count + bytes);
  for (let index = 0; index < count; index += 1) {
    const directory = join(root, formatSkillId(index));
    await mkdir(directory, { recursive: true });
    await writeFile(join(directory, "SKILL.md"), describeSkillFile(index, bytes, writeText));
  }
  await writeFile(`${base}.complete`, "");
  return root;
}
