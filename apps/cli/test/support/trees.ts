// Real directories for the tests: temporary folders removed when the test
// ends and skill folders written from data (the shared helpers of
// @skillshelf/test-utils), and archives packed by the system's tar, so the
// CLI reads what an operator's tools would produce.
import { execFileSync } from "node:child_process";
import { makeRootDirs, makeTempDir, writeTree } from "@skillshelf/test-utils";

export { makeTempDir, writeTree };

/** A SKILL.md that declares `id` by its title, with an optional frontmatter description. */
export function skillFile(id: string, description?: string, body = "Do the thing.\n"): string {
  return description === undefined
    ? `# ${id}\n\n${body}`
    : `---\nname: ${id}\ndescription: ${description}\n---\n\n# ${id}\n\n${body}`;
}

/** Packs `folder` (by its name, inside `parent`) into `<out>` with tar; gzip when it ends in gz. */
export function packFolder(parent: string, folder: string, out: string): string {
  const gzip = out.endsWith(".tgz") || out.endsWith(".gz");
  execFileSync("tar", [gzip ? "-czf" : "-cf", out, "-C", parent, folder]);
  return out;
}

/** A workspace and a data directory, both empty, for one test. */
export function makeRoots(): { workspace: string; data: string; args: string[] } {
  const { workspace, data } = makeRootDirs("skillshelf-cli-");
  return { workspace, data, args: ["--workspace", workspace, "--data", data] };
}
