// How fast the `skillshelf` command starts, as a whole process against
// `node -e 0` started the same way in the same run: `--version` and `help`
// are printed as the build rendered them, loading no command line (target 1.3
// times), and `list` of 100 skills loads only what listing needs (target 2
// times; its note gives the floor: importing the frontmatter parser, yaml,
// and the record check's zod, each alone). Every process runs without
// NODE_EXTRA_CA_CERTS, which adds its own start-up cost to both sides.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureSkillRoot } from "../gen/catalog-tree.mjs";
import { createChildEnvironment } from "../lib/child.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { locatePackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { createScratch } from "../lib/scratch.mjs";

/** Runs `node <args>` (in `cwd`) to its end; resolves with its exit code, rejects on a failure. */
function runNode(args, env, cwd = undefined) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env,
      cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
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
      // What list cannot do without: the frontmatter parser and the record
      // check's schema library, each imported alone, as their packages import them.
      ...[
        ["import yaml", "bundle-reader", "yaml"],
        ["import zod", "skill-catalog", "zod"],
      ].map(([name, from, specifier]) => ({
        name,
        run: () =>
          runNode(
            ["--input-type=module", "-e", `await import(${JSON.stringify(specifier)})`],
            env,
            locatePackage(from),
          ),
      })),
    ],
    { warmup: 2, rounds: scaleRounds(15) },
  );
  const baseline = figures["node -e 0"].median;
  const alone = (name) =>
    `${name} alone takes ${formatMs(figures[name].median)} (ratio ${(figures[name].median / baseline).toFixed(2)})`;
  const row = (name, measure, max, note = undefined) =>
    createRatioRow({
      bench: `cli/start ${name}`,
      measure,
      subject: formatMs(figures[name].median),
      baseline: formatMs(baseline),
      ratio: figures[name].median / baseline,
      target: { max },
      note,
      figures: { [name]: figures[name], "node -e 0": figures["node -e 0"] },
    });
  return [
    row("--version", "skillshelf --version / node -e 0 (whole processes)", 1.3),
    row("help", "skillshelf help / node -e 0 (whole processes)", 1.3),
    row(
      "list (100 skills)",
      "skillshelf list of 100 skills / node -e 0 (whole processes)",
      2,
      `the floor of what list must load: ${alone("import yaml")}, ${alone("import zod")}`,
    ),
  ];
}

export const cliStartBenchmarks = [
  {
    name: "cli/start",
    title: "skillshelf --version, help and list against node -e 0",
    run: measureStart,
  },
];
