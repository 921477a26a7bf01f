// vitest, coloured only on a terminal. Its colour library (tinyrainbow) colours
// whenever TERM is set, piped or not, so a log file or a CI report would fill
// with escape codes; NO_COLOR is set for it when stdout is not a terminal and
// neither NO_COLOR nor FORCE_COLOR was chosen. Arguments go to vitest as given.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const env = { ...process.env };
if (!process.stdout.isTTY && env.NO_COLOR === undefined && env.FORCE_COLOR === undefined) {
  env.NO_COLOR = "1";
}
const child = spawn(process.execPath, [vitest, ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
// Ctrl-C reaches vitest through the terminal's process group; a signal sent to this process alone is passed on.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
