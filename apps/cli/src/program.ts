// The command line's shape, wired with commander: the commands, their
// arguments and options, help on every one, and the global --workspace and
// --data (accepted before or after the command). Each action builds a Context
// and hands it to one command module; this file maps whatever ends a run to
// an exit code: the command's own, 2 for a command line that does not parse,
// and the internal refusal (3) for anything thrown. The commands themselves
// are listed in commands.ts.
import { readFileSync } from "node:fs";
import { message } from "@skillshelf/contract";
import type { Shelf, ShelfOptions, TrustOptions } from "@skillshelf/shelf";
import { Command, CommanderError, Option } from "commander";
import { type Action, commandSpecs } from "./commands.js";
import { type Context, UsageError } from "./context.js";
import { type Output, type OutStream, openOutput, printJson } from "./output.js";
import { EXIT_OK, EXIT_USAGE, reportFailure, reportRefusal } from "./refusal.js";
import type { Input } from "./source.js";

/** The process around a run: arguments (after the program name), environment and streams. */
export type Io = {
  args: readonly string[];
  env: Record<string, string | undefined>;
  stdin: Input;
  stdout: OutStream;
  stderr: OutStream;
  cwd: string;
};

const ROOTS_HELP = `
Roots:
  builtin  <workspace>/skills (the workspace is the current directory unless --workspace)
  managed  <data>/skills, where <data> is --data, else $SKILLSHELF_DATA, else
           $XDG_DATA_HOME/skillshelf, else ~/.local/share/skillshelf

Exit codes: 0 ok, 1 refused, 2 usage, 3 internal error.
Set NO_COLOR to turn colour off; SKILLSHELF_DEBUG=1 prints stack traces.`;

/** Runs the command line and resolves to the exit code; never throws. */
export async function runCli(io: Io): Promise<number> {
  const output = openOutput(io.env, io.stdout, io.stderr);
  let exit = EXIT_OK;
  const program = createProgram(io, output, (code) => {
    exit = code;
  });
  // No command at all is a usage error (commander would print help and exit 0
  // once a help command exists).
  if (io.args.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  const json = asksForJson(io.args);
  const mistaken = mistakenCommand(io.args);
  if (mistaken !== undefined) {
    output.err.line(output.err.paint("red", mistaken));
    return usageAnswer(output, mistaken, json);
  }
  try {
    await program.parseAsync([...io.args], { from: "user" });
    return exit;
  } catch (error) {
    if (error instanceof CommanderError) {
      const code = exitCodeOf(error);
      return code === EXIT_USAGE ? usageAnswer(output, error.message, json) : code;
    }
    return reportFailure(output, error, false, io.env);
  }
}

/** Whether --json is among the options (before any `--`), however the rest parses. */
function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

/**
 * A usage error has been said on stderr (by commander or above); with --json
 * it is also one JSON line on stdout, shaped as every refusal is, so a script
 * reading stdout never finds it empty.
 */
function usageAnswer(output: Output, said: string, json: boolean): number {
  if (json) {
    const detail = said.split("\n", 1)[0]!.replace(/^error: /, "");
    const refusal = { code: "usage", detail } as const;
    printJson(output, { ok: false, refusal, message: message(refusal, "cli") });
  }
  return EXIT_USAGE;
}

/**
 * The two mistakes commander answers wrongly: `help <unknown>` (it prints the
 * general help and exits 0) and `version` (it suggests `verify`).
 */
function mistakenCommand(args: readonly string[]): string | undefined {
  const [first, second] = args;
  if (first === "version") {
    return "error: unknown command 'version'\n(Did you mean --version?)";
  }
  const names = commandSpecs.map((spec) => spec.usage.split(" ")[0]!);
  if (first === "help" && second !== undefined && !second.startsWith("-")) {
    if (names.includes(second) || second === "help") return undefined;
    const near = names.filter((name) => name.startsWith(second.slice(0, 2)));
    const hint = near.length === 0 ? "" : ` (Did you mean ${near.join(" or ")}?)`;
    return `error: no command '${second}' to show help for${hint}\n(see 'skillshelf help' for the commands)`;
  }
  return undefined;
}

/** --help and --version end well; every other parse failure is a usage error. */
function exitCodeOf(error: CommanderError): number {
  if (["commander.helpDisplayed", "commander.help", "commander.version"].includes(error.code)) {
    return EXIT_OK;
  }
  return EXIT_USAGE;
}

function createProgram(io: Io, output: Output, setExit: (code: number) => void): Command {
  const program = new Command("skillshelf")
    .description(
      "Check, import, list, show and remove Agent Skills bundles, and hand their payload to workers.",
    )
    .version(readVersion(), "-v, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .helpCommand("help [command]", "show help for a command")
    .exitOverride()
    // A mistake gets its one line (with commander's "Did you mean ...?"), the
    // usage line and a pointer to help, not the whole help text.
    .showHelpAfterError(
      "Usage: skillshelf [options] [command]\n(see 'skillshelf help' or 'skillshelf help <command>')",
    )
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => (output.out.tty && io.stdout.columns) || HELP_WIDTH,
      getErrHelpWidth: () => (output.err.tty && io.stderr.columns) || HELP_WIDTH,
      getOutHasColors: () => output.out.color,
      getErrHasColors: () => output.err.color,
      outputError: (text, write) => write(output.err.paint("red", text)),
    })
    .addHelpText("after", ROOTS_HELP);
  addRootOptions(program);

  const act =
    (run: Action) =>
    async (...args: unknown[]): Promise<void> => {
      const command = args.at(-1) as Command;
      const options = command.opts();
      const json = options.json === true;
      let shelf: Shelf | undefined;
      try {
        // The application layer is loaded only when a command runs, never for --version or help.
        const { openShelf } = await import("@skillshelf/shelf");
        const opened = await openShelf(
          { ...rootOptionsOf(command), tool: `skillshelf ${readVersion()}` },
          io.env,
          io.cwd,
        );
        if (!opened.ok) {
          setExit(reportRefusal(output, opened.refusal, json));
          return;
        }
        shelf = opened.shelf;
        const context = createContext(io, output, shelf, json);
        setExit(await run(context, args.slice(0, -2) as string[], options));
      } catch (error) {
        if (error instanceof UsageError) {
          command.error(`error: ${error.message}`, {
            exitCode: EXIT_USAGE,
            code: "skillshelf.usage",
          });
        }
        setExit(reportFailure(output, error, json, io.env));
      } finally {
        await shelf?.close();
      }
    };

  for (const spec of commandSpecs) {
    const command = addCommand(program, spec.usage, spec.description);
    for (const [flags, description, repeatable] of spec.options ?? []) {
      if (repeatable === undefined) command.option(flags, description);
      else command.option(flags, description, collect, [] as string[]);
    }
    if (spec.help !== undefined) command.addHelpText("after", spec.help);
    command.showHelpAfterError(
      `Usage: skillshelf ${command.name()} ${command.usage()}\n(see 'skillshelf help ${command.name()}')`,
    );
    command.addHelpText("after", examplesHelp(spec.examples));
    command.action(act(spec.run));
  }
  return program;
}

/** The "Examples:" block of a command's help. */
function examplesHelp(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((example) => `  $ ${example}`).join("\n")}`;
}

/** An option given more than once: every value, in order. */
const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Help is laid out for 80 columns unless a terminal says how wide it is. */
const HELP_WIDTH = 80;

/** A subcommand with --json and the global root options, so they work after it too. */
function addCommand(program: Command, nameAndArgs: string, description: string): Command {
  const command = program
    .command(nameAndArgs)
    .description(description)
    .option("--json", "print the answer as one line of JSON on stdout");
  addRootOptions(command);
  return command;
}

function addRootOptions(command: Command): void {
  command
    .addOption(new Option("--workspace <dir>", "workspace whose skills/ is the builtin root"))
    .addOption(new Option("--data <dir>", "data directory whose skills/ is the managed root"))
    .addOption(
      new Option(
        "--store <url>",
        "PostgreSQL store for managed skills (default $SKILLSHELF_STORE)",
      ),
    )
    .addOption(
      new Option(
        "--trust <file>",
        "allowed_signers file of the keys whose signatures are trusted (default $SKILLSHELF_TRUST)",
      ),
    )
    .addOption(
      new Option(
        "--revoked <file>",
        "file of revoked public keys (default $SKILLSHELF_REVOKED_KEYS)",
      ),
    );
}

/** The root options given after the command, else before it; openShelf applies the defaults. */
function rootOptionsOf(command: Command): ShelfOptions & TrustOptions {
  const own = command.opts() as ShelfOptions & TrustOptions;
  const global = (command.parent?.opts() ?? {}) as ShelfOptions & TrustOptions;
  return {
    workspace: own.workspace ?? global.workspace,
    data: own.data ?? global.data,
    store: own.store ?? global.store,
    trust: own.trust ?? global.trust,
    revoked: own.revoked ?? global.revoked,
    requireSigned: own.requireSigned === true,
  };
}

function createContext(io: Io, output: Output, shelf: Shelf, json: boolean): Context {
  return { output, shelf, json, env: io.env, stdin: io.stdin, cwd: io.cwd };
}

function readVersion(): string {
  const text = readFileSync(new URL("../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}
