// `pnpm start`: builds the workspace quietly, then runs skillshelf-server on
// the example workspace with `.skillshelf/` as its data directory, so the
// first thing printed is the console's URL. The build's output is shown only
// when it fails; turbo's update notice is turned off. Arguments after
// `pnpm start` go to the server (`pnpm start --port 0`).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const build = spawnSync(
  "pnpm",
  ["exec", "turbo", "run", "build", "--no-update-notifier", "--output-logs=errors-only"],
  { cwd: root, encoding: "utf8", env: { ...process.env, TURBO_NO_UPDATE_NOTIFIER: "1" } },
);
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ""}${build.stderr ?? ""}`);
  process.stderr.write("pnpm start: the build failed (above); fix it and start again.\n");
  process.exit(build.status ?? 1);
}
const server = spawn(
  process.execPath,
  [
    "apps/server/dist/bin.js",
    "--data",
    ".skillshelf",
    "--workspace",
    "examples/workspace",
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit" },
);
// The server handles SIGINT/SIGTERM itself (graceful shutdown); pass them on.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
