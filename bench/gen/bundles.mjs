// The benchmark bundles, described once as entry lists and turned into the
// forms the benchmarks need (tar bytes, a folder, `Skill` objects). Every
// bundle is a collection of skills whose SKILL.md opens with `# <id>`, so the
// same bytes pass the reader, the catalog's install and the server's import.
// Same seed, same bytes: figures from two runs describe the same inputs.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createRandom, createTextWriter } from "./text.mjs";

const KINDS = [
  { dir: "references", ext: "md", share: 0.6, mode: 0o644 },
  { dir: "scripts", ext: "sh", share: 0.2, mode: 0o755 },
  { dir: "examples", ext: "txt", share: 0.2, mode: 0o644 },
];

function pickKind(index, count) {
  const position = index / count;
  if (position < KINDS[0].share) return KINDS[0];
  if (position < KINDS[0].share + KINDS[1].share) return KINDS[1];
  return KINDS[2];
}

/**
 * Describes a collection bundle: `skills` skill directories of `filesPerSkill`
 * files each (SKILL.md included), file sizes drawn between `minBytes` and
 * `maxBytes`. With `directories`, directory entries are listed too.
 */
export function describeBundle({
  seed,
  prefix,
  skills,
  filesPerSkill,
  minBytes,
  maxBytes,
  directories,
}) {
  const random = createRandom(seed);
  const writeText = createTextWriter(seed + 1);
  const entries = [];
  const size = () => minBytes + Math.floor(random() * (maxBytes - minBytes));
  for (let s = 0; s < skills; s += 1) {
    const id = `${prefix}-${String(s).padStart(4, "0")}`;
    if (directories) entries.push({ path: id, type: "directory" });
    const body = `# ${id}\n\n${writeText(size())}`;
    entries.push({ path: `${id}/SKILL.md`, type: "file", bytes: Buffer.from(body), mode: 0o644 });
    const made = new Set();
    for (let f = 1; f < filesPerSkill; f += 1) {
      const kind = pickKind(f, filesPerSkill);
      if (directories && !made.has(kind.dir)) {
        made.add(kind.dir);
        entries.push({ path: `${id}/${kind.dir}`, type: "directory" });
      }
      const path = `${id}/${kind.dir}/part-${String(f).padStart(4, "0")}.${kind.ext}`;
      const bytes = Buffer.from(writeText(size()));
      entries.push({ path, type: "file", bytes, mode: kind.mode });
    }
  }
  return entries;
}

/** Counts the files of an entry list and the bytes they hold. */
export function summarizeEntries(entries) {
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (entry.type !== "file") continue;
    files += 1;
    bytes += entry.bytes.length;
  }
  return { entries: entries.length, files, bytes };
}

/** Writes an entry list below `root` as real files and directories. */
export async function writeFolder(entries, root) {
  for (const entry of entries) {
    const target = join(root, entry.path);
    if (entry.type === "directory") {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, entry.bytes, { mode: entry.mode });
  }
}

/** Turns an entry list into the `Skill[]` that the catalog's install takes. */
export function groupIntoSkills(entries) {
  const skills = new Map();
  for (const entry of entries) {
    if (entry.type !== "file") continue;
    const cut = entry.path.indexOf("/");
    const name = entry.path.slice(0, cut);
    if (!skills.has(name)) skills.set(name, { name, files: [] });
    skills.get(name).files.push({
      path: entry.path.slice(cut + 1),
      bytes: entry.bytes,
      text: entry.bytes.toString("utf8"),
      executable: (entry.mode & 0o100) !== 0,
    });
  }
  const list = [...skills.values()];
  for (const skill of list) skill.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return list;
}
