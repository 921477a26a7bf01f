// The command table: each command's usage, description and options, and the
// module that runs it, imported only when that command runs (a process per
// command starts faster when `check` never loads what `payload` needs).
// program.ts turns the table into commander commands.
import type { ApproveOptions } from "./commands/approve.js";
import type { CheckOptions } from "./commands/check.js";
import type { DigestOptions } from "./commands/digest.js";
import type { ImportOptions } from "./commands/import.js";
import type { PayloadOptions } from "./commands/payload.js";
import type { SyncOptions } from "./commands/sync.js";
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

/** The signature policy and signatures given beside the source. */
const SIGNATURE_OPTIONS = [
  [
    "--require-signed",
    "refuse a skill that is unsigned or not signed by a key in the trust file (also $SKILLSHELF_REQUIRE_SIGNED=1)",
  ],
  [
    "--signature <file>",
    "a SKILL.sig given beside the source, matched to the skill whose statement it signs (repeat for more)",
    "repeatable",
  ],
] as const;

const ACCEPT_OPTION = [
  "--accept <code>",
  "let findings of this code (hidden-text, frontmatter-code or ambiguous-frontmatter) not refuse this import; kept in the record (repeat for more)",
  "repeatable",
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
      ...SIGNATURE_OPTIONS,
      ACCEPT_OPTION,
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
      "skillshelf import ./my-skills --accept hidden-text",
      "skillshelf import github:anthropics/skills#main --path skills --skill pdf",
    ],
    description: "install a bundle's skills into the managed root",
    options: [
      ["--replace", "replace managed skills of the same id"],
      NAME_OPTION,
      ...SELECT_OPTIONS,
      STRICT_OPTION,
      ...SIGNATURE_OPTIONS,
      ACCEPT_OPTION,
    ],
    help: SOURCE_HELP,
    run: async (context, [source], options) =>
      (await import("./commands/import.js")).runImport(context, source!, options as ImportOptions),
  },
  {
    usage: "digest <source>",
    examples: [
      "skillshelf digest ./greet",
      "skillshelf digest ./greet --statement > statement",
      "skillshelf digest skills.tgz --skill pdf-tools --json",
    ],
    description:
      "print each skill's id, tree digest and the statement to sign with 'ssh-keygen -Y sign -n skillshelf'",
    options: [
      NAME_OPTION,
      ...SELECT_OPTIONS,
      ["--statement", "print only the statement(s) to sign, byte for byte"],
    ],
    help: SOURCE_HELP,
    run: async (context, [source], options) =>
      (await import("./commands/digest.js")).runDigest(context, source!, options as DigestOptions),
  },
  {
    usage: "verify [ids...]",
    examples: [
      "skillshelf verify",
      "skillshelf verify pdf-tools --json",
      "skillshelf verify --lock skillshelf.lock.json",
    ],
    description:
      "hold each managed skill (or those named) against its install record and check its signature again, or the store against a lock",
    options: [
      SIGNATURE_OPTIONS[0],
      ["--lock <file>", "say whether the managed store holds exactly this lock's skills"],
    ],
    run: async (context, [ids], options) =>
      typeof options.lock === "string"
        ? (await import("./commands/sync.js")).runVerifyLock(context, options.lock)
        : (await import("./commands/verify.js")).runVerify(
            context,
            (ids ?? []) as unknown as string[],
          ),
  },
  {
    usage: "sync",
    examples: [
      "skillshelf sync",
      "skillshelf sync --prune",
      "skillshelf sync --frozen",
      "skillshelf sync --check --json",
    ],
    description:
      "make the managed store hold exactly the skills skillshelf.json names, and write skillshelf.lock.json",
    options: [
      ["--manifest <file>", "the manifest (default skillshelf.json)"],
      ["--lock <file>", "the lock (default skillshelf.lock.json)"],
      ["--frozen", "install exactly the lock; refuse, naming each difference, if anything moved"],
      ["--check", "write nothing; exit 0 when the store and the lock are in step, 1 otherwise"],
      ["--prune", "remove managed skills the manifest does not name"],
      SIGNATURE_OPTIONS[0],
    ],
    run: async (context, _args, options) =>
      (await import("./commands/sync.js")).runSync(context, options as SyncOptions),
  },
  {
    usage: "approve <id>",
    examples: [
      "skillshelf approve pdf-tools",
      "skillshelf approve pdf-tools --json",
      "skillshelf approve pdf-tools --accept hidden-text",
    ],
    description:
      "vouch for a managed skill's files as they are now (drifted, or made by hand), recording who and when",
    options: [
      [
        "--accept <code>",
        "let findings of this code in the files as they are now not refuse the approve; kept in the record (repeat for more)",
        "repeatable",
      ],
    ],
    run: async (context, [id], options) =>
      (await import("./commands/approve.js")).runApprove(context, id!, options as ApproveOptions),
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
      "skillshelf payload --files ./worker/skills",
    ],
    description: "describe the payload a worker receives, or write it",
    options: [
      ["--out <dir>", "write <dir>/skills.json atomically"],
      ["--watch", "with --out: keep writing it whenever anything it holds changes, until stopped"],
      [
        "--allow-drift",
        "offer managed skills that drifted or were never approved anyway (each is said on stderr)",
      ],
      [
        "--files <dir>",
        "write every file of every skill to <dir>/<id>/, each checked against its digest",
      ],
    ],
    run: async (context, _args, options) =>
      (await import("./commands/payload.js")).runPayload(context, options as PayloadOptions),
  },
  {
    usage: "mcp",
    examples: [
      "skillshelf mcp --data ~/.local/share/skillshelf",
      "skillshelf mcp --store postgres://skillshelf@db/skillshelf",
    ],
    description: "serve the offered skills to an MCP host over stdin and stdout",
    help: `
The skills are served through the Skills extension (io.modelcontextprotocol/skills):
skills/list, skills/get, resources/read of skill://<id>/<path>, every file checked
against its install record. stdout carries only protocol messages.`,
    run: async (context) => (await import("./commands/mcp.js")).runMcp(context),
  },
  {
    usage: "limits",
    examples: ["skillshelf limits", "skillshelf limits --json"],
    description: "print the reader's limits on entries and bytes",
    run: async (context) => (await import("./commands/limits.js")).runLimits(context),
  },
];
