// Real folders in a temporary directory, removed when the test finishes,
// written from data with the shared helpers of @skillshelf/test-utils.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";

export { writeTree };

/** A fresh scratch directory for this test. */
export async function scratch(): Promise<string> {
  return makeTempDir("bundle-reader-");
}

/** A folder named `name` holding `files`, in a fresh scratch directory. */
export async function folderOf(
  files: Record<string, string | Uint8Array>,
  name = "bundle",
): Promise<string> {
  const root = join(await scratch(), name);
  await mkdir(root, { recursive: true });
  writeTree(root, files);
  return root;
}
