// @module-tag heavy
// The shipped declarations as a strict TypeScript user meets them: a consumer
// file and every TypeScript example of the READMEs compile with module
// "nodenext" and the workspace's TypeScript, against the tarballs alone.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, it } from "vitest";
import { collectReadmeExamples } from "../src/readmes.js";
import { runNode } from "../src/run.js";
import { installedConsumer, makeRunDir } from "./installed.js";

const consumer = installedConsumer();
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const names = consumer.packages.map((p) => p.name);
const tsExamples = collectReadmeExamples(join(consumer.dir, "node_modules"), names).filter(
  (e) => e.language === "ts",
);

it("compiles a strict nodenext consumer and the README examples against the shipped .d.ts", async () => {
  const dir = makeRunDir(consumer, "types", false);
  for (const file of ["consumer.ts", "tsconfig.json"]) {
    copyFileSync(join(import.meta.dirname, "consumer", file), join(dir, file));
  }
  mkdirSync(join(dir, "examples"));
  for (const example of tsExamples) {
    writeFileSync(join(dir, "examples", `${example.label}.ts`), example.code);
  }
  const run = await runNode([tsc, "-p", "tsconfig.json"], { cwd: dir, timeoutMs: 120_000 });
  expect(run.stdout + run.stderr).toBe("");
  expect(run.code).toBe(0);
});
