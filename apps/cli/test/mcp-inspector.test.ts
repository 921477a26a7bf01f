// @module-tag heavy
// `skillshelf mcp` driven by a client no one here wrote: the MCP project's
// own `@modelcontextprotocol/inspector-cli` (pinned in devDependencies),
// which spawns the built binary over stdio, calls one method and prints the
// result as JSON. It offers a fixed set of methods (tools, resources,
// prompts, logging) and no way to send another, so the Skills extension's
// `skills/list` cannot be sent through it; what a host without the
// extension sees is tested instead: resources/list names every served skill
// by its SKILL.md, and resources/read gives every file `show --json` lists,
// each byte-exact against the file it was written or imported from. Its release
// reads its own package.json by a path relative to the working directory,
// so it is run from its `build` directory (a defect of 1.0.3, upstream).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { expect, it } from "vitest";
import { BIN, parseJson, runBin, runProcess, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, skillFile, writeTree } from "./support/trees.js";

const inspector = join(
  dirname(
    createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector-cli/package.json"),
  ),
  "build",
);

/** Runs the inspector's `--method <method> [...options]` against `skillshelf mcp <args>`. */
async function inspect(method: string, options: string[], args: readonly string[]) {
  return runProcess(
    process.execPath,
    [
      join(inspector, "index.js"),
      process.execPath,
      "--method",
      method,
      ...options,
      "--",
      BIN,
      "mcp",
      ...args,
    ],
    { cwd: inspector },
  );
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

it("lists and reads every served skill through the MCP inspector's CLI, each file to its digest", async () => {
  const version = JSON.parse(readFileSync(join(inspector, "..", "package.json"), "utf8")).version;
  expect(version).toBe("1.0.3");
  const { workspace, args } = makeRoots();
  writeTree(join(workspace, "skills"), {
    "greet/SKILL.md": skillFile("greet", "Say hello"),
    "greet/examples/formal.md": "Good morning.\n",
  });
  const imported = await runBin(["import", SAMPLE_BUNDLE, ...args]);
  expect(imported.code, imported.stderr).toBe(0);

  const listed = await inspect("resources/list", [], args);
  expect(listed.code, listed.stderr).toBe(0);
  const { resources } = JSON.parse(listed.stdout) as { resources: { uri: string; name: string }[] };
  expect(resources.map((resource) => resource.uri)).toEqual([
    "skill://greet/SKILL.md",
    "skill://pdf-tools/SKILL.md",
  ]);

  for (const id of ["greet", "pdf-tools"]) {
    const shown = parseJson(await runBin(["show", id, "--json", ...args])) as {
      files: { path: string }[];
    };
    const paths = shown.files.map((file) => file.path);
    expect(paths).toContain("SKILL.md");
    for (const path of paths) {
      const read = await inspect("resources/read", ["--uri", `skill://${id}/${path}`], args);
      expect(read.code, read.stderr).toBe(0);
      const [content] = (JSON.parse(read.stdout) as { contents: { uri: string; text: string }[] })
        .contents;
      expect(content!.uri).toBe(`skill://${id}/${path}`);
      const source = id === "greet" ? join(workspace, "skills") : SAMPLE_BUNDLE;
      expect(sha256(content!.text)).toBe(sha256(readFileSync(join(source, id, path), "utf8")));
    }
  }

  const refused = await inspect(
    "resources/read",
    ["--uri", "skill://greet/../pdf-tools/SKILL.md"],
    args,
  );
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("it has a dot segment");
});
