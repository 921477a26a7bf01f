// Real folders in a temporary directory, removed when the test finishes.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";

/** A fresh scratch directory for this test. */
export async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "bundle-reader-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `files` (path -> text or bytes) under `root`, creating directories. */
export async function writeTree(
  root: string,
  files: Record<string, string | Uint8Array>,
): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/** A folder named `name` holding `files`, in a fresh scratch directory. */
export async function folderOf(
  files: Record<string, string | Uint8Array>,
  name = "bundle",
): Promise<string> {
  const root = join(await scratch(), name);
  await mkdir(root, { recursive: true });
  await writeTree(root, files);
  return root;
}
