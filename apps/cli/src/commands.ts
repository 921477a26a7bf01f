// The command table: each command's usage, description and options, and the
// module that runs it, imported only when that command runs (a process per
// command starts faster when `check` never loads what `payload` needs).
// program.ts turns the table into commander commands.
import type { CheckOptions } from "./commands/check.js";
import type { ImportOptions } from "./commands/import.js";
import type { PayloadOptions } from "./commands/payload.js";
import type { UpdateOptions } from "./commands/update.js";
import type { Context } from "./context.js";

/** What a command module is called with: the context, its positional arguments, its options. */
export type Action = (
  context: Context,
  args: string[],
  options: Record<string, unknown>,
) => Promise<number> | number;

export type CommandSpec = {
  /** Name and arguments, as commander reads them. */
  usage: string;
  description: string;
  /** Each option's flags and description; `repeatable` collects every use into a list. */
  options?: readonly (readonly [flags: string, description: string, repeatable?: "repeatable"])[];
  /** Text after the options in --help. */
  help?: string;
  /** Command lines shown under "Examples:" in --help. */
  examples: readonly string[];
  run: Action;
};

const NAME_OPTION = [
  "--name <name>",
  "name the skill of a single-skill archive read from stdin",
] as const;

const STRICT_OPTION = [
  "--strict",
  "refuse a bundle that draws any Agent Skills specification warning (spec-violation)",
] as const;

/** The reader's selection: a directory of the source, and some of its skills. */
const SELECT_OPTIONS = [
  ["--path <dir>", "take this directory of the source as the bundle's root (for example skills)"],
  ["--skill <id>", "keep only this skill (repeat for more)", "repeatable"],
  ["--skip <id>", "leave this skill out, unjudged (repeat for more)", "repeatable"],
] as const;

const SOURCE_HELP = `
<source> is a folder, a .tar, .tgz, .tar.gz, .zip or .skill file, - for archive bytes on stdin,
or a git repository at a branch, tag or commit: git+https://host/repo.git#v1.2,
git+ssh://git@host/repo.git#main, git+file:///abs/repo#<commit>, github:owner/repo#<ref>
(the system git fetches it; submodules, LFS and hooks are never used).`;

export const commandSpecs: readonly CommandSpec[] = [
  {
    usage: "check <source>",
    examples: [
      "skillshelf check ./my-skills",
      "skillshelf check skills.tgz --strict",
      "tar -cz my-skills | skillshelf check - --json",
    ],
    description: "read and validate a bundle as import would; write nothing",
    options: [
      ["--replace", "judge as import --replace would"],
      NAME_OPTION,
      ...SELECT_OPTIONS,
      STRICT_OPTION,
      [
        "--list",
        "list the skills the source holds, under which path, and whether each imports alone (and why not)",
      ],
    ],
    help: SOURCE_HELP,
    run: async (context, [source], options) =>
      (await import("./commands/check.js")).runCheck(context, source!, options as CheckOptions),
  },
  {
    usage: "import <source>",
    examples: [
      "skillshelf import ./my-skills",
      "skillshelf import pdf-tools.tgz --replace",
      "git archive HEAD skills | skillshelf import -",
      "skillshelf import github:anthropics/skills#main --path skills --skill pdf",
    ],
    description: "install a bundle's skills into the managed root",
    options: [
      ["--replace", "replace managed skills of the same id"],
      NAME_OPTION,
      ...SELECT_OPTIONS,
      STRICT_OPTION,
    ],
    help: SOURCE_HELP,
    run: async (context, [source], options) =>
      (await import("./commands/import.js")).runImport(context, source!, options as ImportOptions),
  },
  {
    usage: "verify [ids...]",
    examples: ["skillshelf verify", "skillshelf verify pdf-tools --json"],
    description: "hold each managed skill (or those named) against its install record",
    run: async (context, [ids]) =>
      (await import("./commands/verify.js")).runVerify(context, (ids ?? []) as unknown as string[]),
  },
  {
    usage: "update [ids...]",
    examples: [
      "skillshelf update",
      "skillshelf update pdf-tools --force",
      "skillshelf update pdf-tools --ref v2.0",
    ],
    description:
      "re-import managed skills from their recorded sources (a path, or a git repository whose ref is resolved again)",
    options: [
      ["--force", "replace skills whose files changed since import"],
      ["--ref <ref>", "move git-sourced skills to this branch, tag or commit"],
    ],
    run: async (context, [ids], options) =>
      (await import("./commands/update.js")).runUpdate(
        context,
        (ids ?? []) as unknown as string[],
        options as UpdateOptions,
      ),
  },
  {
    usage: "list",
    examples: ["skillshelf list", "skillshelf list --json --data ./store"],
    description: "list offered skills, then the ids refused with reasons",
    run: async (context) => (await import("./commands/list.js")).runList(context),
  },
  {
    usage: "show <id>",
    examples: ["skillshelf show pdf-tools", "skillshelf show pdf-tools --json"],
    description: "print one skill's report and its SKILL.md",
    run: async (context, [id]) => (await import("./commands/show.js")).runShow(context, id!),
  },
  {
    usage: "remove <id>",
    examples: ["skillshelf remove pdf-tools"],
    description: "remove a managed skill",
    run: async (context, [id]) => (await import("./commands/remove.js")).runRemove(context, id!),
  },
  {
    usage: "payload",
    examples: [
      "skillshelf payload",
      "skillshelf payload --out ./worker --json",
      "skillshelf payload --out ./worker --watch",
    ],
    description: "describe the payload a worker receives, or write it",
    options: [
      ["--out <dir>", "write <dir>/skills.json atomically"],
      ["--watch", "with --out: keep writing it whenever the revision changes, until stopped"],
    ],
    run: async (context, _args, options) =>
      (await import("./commands/payload.js")).runPayload(context, options as PayloadOptions),
  },
  {
    usage: "limits",
    examples: ["skillshelf limits", "skillshelf limits --json"],
    description: "print the reader's limits on entries and bytes",
    run: async (context) => (await import("./commands/limits.js")).runLimits(context),
  },
];
