// The CLI as a library: run the command line against any streams and
// environment (the executable in bin.ts passes the process's own).
export type { Io } from "./program.js";
export { runCli } from "./program.js";
