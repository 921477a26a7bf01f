// How fast the `skillshelf` command starts, as a whole process against
// `node -e 0` started the same way in the same run: `--version` and `help`
// are printed as the build rendered them, loading no command line (target 1.3
// times), and `list` of 100 skills loads only what listing needs (target 2
// times). Every process runs without NODE_EXTRA_CA_CERTS, which adds its own
// start-up cost to both sides.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureSkillRoot } from "../gen/catalog-tree.mjs";
import { createChildEnvironment } from "../lib/child.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { locatePackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { createScratch } from "../lib/scratch.mjs";

/** Runs `node <args>` to its end; resolves with its exit code, rejects on a failure. */
function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(code);
      else reject(new Error(`node ${args.join(" ")} exited ${code}: ${stderr.trim()}`));
    });
  });
}

async function measureStart() {
  // The command as installed: the package's bin, which prints a fixed answer
  // itself and hands every other command line to dist/bin.js.
  const bin = join(locatePackage("cli"), "bin", "skillshelf.cjs");
  const workspace = join(await ensureSkillRoot(100, 1024), "..");
  const data = await createScratch("cli-start");
  const env = createChildEnvironment();
  const figures = await compareContenders(
    [
      { name: "node -e 0", run: () => runNode(["-e", "0"], env) },
      { name: "--version", run: () => runNode([bin, "--version"], env) },
      { name: "help", run: () => runNode([bin, "help"], env) },
      {
        name: "list (100 skills)",
        run: () => runNode([bin, "list", "--workspace", workspace, "--data", data], env),
      },
    ],
    { warmup: 2, rounds: scaleRounds(15) },
  );
  const baseline = figures["node -e 0"].median;
  const row = (name, measure, max) =>
    createRatioRow({
      bench: `cli/start ${name}`,
      measure,
      subject: formatMs(figures[name].median),
      baseline: formatMs(baseline),
      ratio: figures[name].median / baseline,
      target: { max },
      figures: { [name]: figures[name], "node -e 0": figures["node -e 0"] },
    });
  return [
    row("--version", "skillshelf --version / node -e 0 (whole processes)", 1.3),
    row("help", "skillshelf help / node -e 0 (whole processes)", 1.3),
    row("list (100 skills)", "skillshelf list of 100 skills / node -e 0 (whole processes)", 2),
  ];
}

export const cliStartBenchmarks = [
  {
    name: "cli/start",
    title: "skillshelf --version, help and list against node -e 0",
    run: measureStart,
  },
];
