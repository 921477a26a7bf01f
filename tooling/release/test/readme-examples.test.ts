// @module-tag heavy
// Every README example marked `<!-- example -->` runs against the installed
// tarballs, in a fresh directory holding a copy of the sample bundle as
// `bundle/`: JavaScript and (type-erased) TypeScript with Node, shell with
// bash and the packages' bins on PATH. An example that exits non-zero,
// prints nothing, or prints other than its `<!-- output -->` block, fails.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, it } from "vitest";
import { collectReadmeExamples, transpileExample } from "../src/readmes.js";
import { runNode, runProcess } from "../src/run.js";
import { installedConsumer, makeRunDir } from "./installed.js";

const consumer = installedConsumer();
const examples = collectReadmeExamples(
  join(consumer.dir, "node_modules"),
  consumer.packages.map((p) => p.name),
);

it("finds an example in every package's README", () => {
  const covered = new Set(examples.map((e) => e.packageName));
  expect(consumer.packages.map((p) => p.name).filter((n) => !covered.has(n))).toEqual([]);
});

it("writes every example so that Node 20 runs it as written: JavaScript (.mjs) or shell", () => {
  const typed = examples.filter((e) => e.language === "ts");
  expect(typed.map((e) => `${e.packageName} README line ${e.line}`)).toEqual([]);
});

it.each(examples)("$packageName README example at line $line runs", async (example) => {
  const dir = makeRunDir(consumer, example.label);
  const env = {
    SKILLSHELF_DATA: join(dir, "data"),
    PATH: [consumer.binDir, dirname(process.execPath), process.env.PATH].join(":"),
  };
  let run: Awaited<ReturnType<typeof runProcess>>;
  if (example.language === "sh") {
    run = await runProcess("bash", ["-euo", "pipefail", "-c", example.code], { cwd: dir, env });
  } else {
    const code = example.language === "ts" ? transpileExample(example.code) : example.code;
    writeFileSync(join(dir, "example.mjs"), code);
    run = await runNode(["example.mjs"], { cwd: dir, env });
  }
  expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
  expect(run.stdout.trim()).not.toBe("");
  if (example.output !== undefined) expect(run.stdout).toBe(example.output);
});
