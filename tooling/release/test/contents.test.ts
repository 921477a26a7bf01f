// @module-tag heavy
// What each tarball holds: the build, its types, the manifest, the README and
// the LICENSE (the root's, word for word), and nothing that is only for
// developing it (tests, fixtures, build caches).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findUnwantedFiles } from "../src/contents.js";
import { findWorkspaceRoot } from "../src/workspace.js";
import { installedConsumer } from "./installed.js";

const consumer = installedConsumer();

describe.each(consumer.packages)("$name tarball", (packed) => {
  it("ships its entry point, its types, a README and the LICENSE", () => {
    expect(packed.files).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "LICENSE",
        "dist/index.js",
        "dist/index.d.ts",
      ]),
    );
  });

  it("ships the root LICENSE word for word", () => {
    const root = readFileSync(join(findWorkspaceRoot(), "LICENSE"), "utf8");
    expect(readFileSync(join(packed.dir, "LICENSE"), "utf8")).toBe(root);
  });

  it("ships no tests, fixtures or build caches", () => {
    expect(findUnwantedFiles(packed.files)).toEqual([]);
  });
});

describe("findUnwantedFiles", () => {
  it.each([
    ["test/read.test.ts", "a test directory"],
    ["dist/read.test.js", "a test file"],
    ["dist/fixtures/a.tar", "a fixture"],
    ["dist/.tsbuildinfo", "a TypeScript build cache"],
    ["vitest.config.ts", "a test or build config"],
    ["coverage/index.html", "a coverage or report file"],
  ])("refuses %s as %s", (path, why) => {
    expect(findUnwantedFiles([path])).toEqual([{ path, why }]);
  });

  it("accepts the build, schemas, public assets and docs", () => {
    const files = [
      "dist/index.js",
      "dist/index.d.ts",
      "schema/payload.schema.json",
      "public/app.js",
    ];
    expect(findUnwantedFiles([...files, "README.md", "package.json"])).toEqual([]);
  });
});
