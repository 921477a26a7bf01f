// One bash that lives through a whole walk of the README, as a reader's
// terminal does: an alias, an export, a `cd` or a background job (`&`, then
// `kill %1`) made by one step is there for the next. Each step is written to
// a file and sourced with stdin from /dev/null (so no command can eat the
// next one), stderr merged into stdout as a terminal shows them, and a marker
// with the step's exit status closes its output. Aliases are expanded as in
// an interactive shell. The shell leads its own process group, so `close`
// stops it and every job it left running.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export type StepRun = { code: number; output: string };

const MARK = "\x1e";

export class ShellSession {
  private readonly child: ChildProcess;
  private buffer = "";
  private waiting: ((run: StepRun) => void) | undefined;
  private steps = 0;

  constructor(
    private readonly scratch: string,
    options: { cwd: string; env: NodeJS.ProcessEnv },
  ) {
    this.child = spawn("bash", ["--noprofile", "--norc"], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    this.child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      this.buffer += chunk;
      this.settle();
    });
    this.child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      this.buffer += chunk;
    });
    this.child.stdin!.write("exec 2>&1\nshopt -s expand_aliases\n");
  }

  /**
   * Runs one step in the session; resolves with its exit status and what it
   * printed, or, past `timeoutMs`, with code -1 and what it printed so far
   * (the session is of no further use then).
   */
  run(command: string, timeoutMs = 300_000): Promise<StepRun> {
    const file = join(this.scratch, `step-${++this.steps}.sh`);
    writeFileSync(file, `${command}\n`);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve({ code: -1, output: `${this.buffer}\n(still running after ${timeoutMs} ms)` });
      }, timeoutMs);
      timer.unref();
      this.waiting = (run) => {
        clearTimeout(timer);
        resolve(run);
      };
      this.child.stdin!.write(
        `source '${file}' </dev/null\nprintf '\\n${MARK}%d${MARK}\\n' "$?"\n`,
      );
    });
  }

  private settle(): void {
    const done = new RegExp(`\\n${MARK}(\\d+)${MARK}\\n`).exec(this.buffer);
    if (done === null || this.waiting === undefined) return;
    const output = this.buffer.slice(0, done.index);
    this.buffer = this.buffer.slice(done.index + done[0].length);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve({ code: Number(done[1]), output });
  }

  /** Stops the shell and whatever it left running. */
  close(): void {
    try {
      process.kill(-this.child.pid!, "SIGKILL");
    } catch {}
  }
}
