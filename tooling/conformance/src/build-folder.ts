// A case as a real folder: files with their modes, directories, symbolic
// links, hard links (to a file outside the bundle, so only the entry the case
// names has a second link), fifos via mkfifo, and names given as raw bytes.
import { execFileSync } from "node:child_process";
import { chmod, link, mkdir, open, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { contentOf, kindOf, relativeOf, rootOf } from "./entry-paths.js";
import type { Case, Entry } from "./types.js";

async function writeFileEntry(path: string | Buffer, entry: Entry): Promise<void> {
  if (entry.zeros !== undefined) {
    const handle = await open(path, "w");
    try {
      await handle.truncate(entry.zeros);
    } finally {
      await handle.close();
    }
  } else {
    await writeFile(path, contentOf(entry));
  }
  await chmod(path, entry.mode ?? 0o644);
}

async function buildEntry(root: string, entry: Entry, outside: string): Promise<void> {
  const kind = kindOf(entry);
  if (kind === "dir" && relativeOf(entry) === "") return;
  const path =
    entry.rawPath === undefined
      ? join(root, relativeOf(entry))
      : Buffer.concat([Buffer.from(`${root}/`), entry.rawPath]);
  const parent = typeof path === "string" ? dirname(path) : root;
  await mkdir(parent, { recursive: true });
  if (kind === "file") return writeFileEntry(path, entry);
  if (kind === "dir") {
    await mkdir(path, { recursive: true });
    await chmod(path, entry.mode ?? 0o755);
    return;
  }
  if (kind === "symlink") return symlink(entry.linkTarget ?? "SKILL.md", path);
  if (kind === "hardlink") {
    await writeFile(outside, "# linked\n");
    return link(outside, path);
  }
  if (kind === "fifo" && typeof path === "string") {
    execFileSync("mkfifo", [path]);
    return;
  }
  throw new Error(`a folder cannot hold a ${kind} entry (${entry.path})`);
}

/** Writes the case under `parentDir` and returns the folder, whose name is the root's. */
export async function buildFolder(c: Case, parentDir: string): Promise<string> {
  const root = join(parentDir, rootOf(c));
  if (c.missing === true) return root;
  await mkdir(root, { recursive: true });
  let n = 0;
  for (const entry of c.entries) {
    await buildEntry(root, entry, join(parentDir, `outside-${n++}`));
  }
  return root;
}
