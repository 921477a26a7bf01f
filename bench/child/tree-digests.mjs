// The baseline of `sync --frozen` with nothing to change: a process that
// computes the tree digest of every skill in a directory store and nothing
// else. It walks each skill's folder (the store's own `.records` and
// `.staging` are not skills), reads every file with its executable bit, and
// hashes them by the pinned tree digest formula (docs/architecture.md; the
// catalog's `treeOf`): SHA-256 over the files in the byte order of their
// paths of (u64 BE length of path, path, one byte executable 0/1, u64 BE
// length of the SHA-256 hex, SHA-256 hex), the root's SKILL.sig left out.
// It needs only node:crypto, so the process loads nothing the formula does
// not need; the bench checks every digest it prints against the lock's.
// Prints one JSON line: { skills: { <id>: <tree digest> } }.
//
// usage: node tree-digests.mjs <store directory>

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const u64 = (n) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(n));
  return bytes;
};

/** The tree digest of files { path, executable, bytes }. */
function treeDigestOf(files) {
  const keyed = files
    .filter((file) => file.path !== "SKILL.sig")
    .map((file) => ({ ...file, key: Buffer.from(file.path, "utf8") }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const tree = createHash("sha256");
  for (const file of keyed) {
    const sha = Buffer.from(createHash("sha256").update(file.bytes).digest("hex"), "utf8");
    tree.update(u64(file.key.length)).update(file.key);
    tree.update(Buffer.of(file.executable ? 1 : 0));
    tree.update(u64(sha.length)).update(sha);
  }
  return tree.digest("hex");
}

/** Every file below `dir` as { path (relative, `/`-separated), executable, bytes }. */
function filesOf(dir, prefix, into) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      filesOf(full, path, into);
      continue;
    }
    const executable = (lstatSync(full).mode & 0o100) !== 0;
    into.push({ path, executable, bytes: readFileSync(full) });
  }
  return into;
}

/** The tree digest of every skill in `store`, by id. */
export function treeDigestsOf(store) {
  const skills = {};
  for (const entry of readdirSync(store, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    skills[entry.name] = treeDigestOf(filesOf(join(store, entry.name), "", []));
  }
  return skills;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [store] = process.argv.slice(2);
  process.stdout.write(`${JSON.stringify({ skills: treeDigestsOf(store) })}\n`);
}
