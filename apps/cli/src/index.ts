// The CLI as a library: run the command line against any streams and
// environment (the executable in bin.ts passes the process's own), and the
// helpers that fix where the roots live.
export type { Io } from "./program.js";
export { runCli } from "./program.js";
export type { CliRoots, RootOptions } from "./roots.js";
export { resolveRoots } from "./roots.js";
