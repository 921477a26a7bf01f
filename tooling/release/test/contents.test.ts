// @module-tag heavy
// What each tarball holds: the build, its types, the manifest and the README,
// and nothing that is only for developing it (tests, fixtures, build caches).
import { describe, expect, it } from "vitest";
import { findUnwantedFiles } from "../src/contents.js";
import { installedConsumer } from "./installed.js";

const consumer = installedConsumer();

describe.each(consumer.packages)("$name tarball", (packed) => {
  it("ships its entry point, its types and a README", () => {
    expect(packed.files).toEqual(
      expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts"]),
    );
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
