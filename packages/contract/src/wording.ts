// How a sentence names an option, per surface. The same refusal is shown by
// the library (whose caller sets `path` in code), the CLI (`--path skills`),
// the HTTP API (`path=skills`) and the web console (which has no path field:
// the directory is chosen in its chooser, and an archive is named by its file
// name). Each phrase is a piece of a sentence in the refusal table, so the
// table words the refusal once and the surface only decides the spelling.

/** Who shows a refusal's sentence, and so how an option is spelled in it. */
export type Surface = "cli" | "http" | "console" | "library";

/** The surfaces, in the order the docs list them. */
export const surfaces: readonly Surface[] = ["library", "cli", "http", "console"];

/** The options a refusal's sentence may tell its reader to set. */
export type Option = "path" | "skill" | "skip" | "name" | "replace";

/** The phrases a sentence is built from, for one surface. */
export type Wording = {
  /** Follows "N skills were found under 'dir/': ". */
  importUnder: (path: string) => string;
  /** Follows "it holds 'a' and 'b', so ". */
  nameSkill: () => string;
  /** Follows "it lies under 'dir/': ". */
  importSkillUnder: (path: string, skill: string) => string;
  /** Follows "the skills at fault are a (2 files), b (1): ". */
  skipSkills: (skills: readonly string[]) => string;
  /** Follows "came without a file name to name it by; ". */
  nameArchive: () => string;
  /** In parentheses after "rename the folder 'x' to 'y'". */
  selectedDirectory: () => string;
  /** Follows "is already defined; ". */
  replace: () => string;
  /**
   * Where a clashing skill is defined, after "is already defined" (empty
   * when nothing says): the server's own path for the library and the CLI,
   * which run beside it; the root's kind for the HTTP API and the console,
   * whose readers are on another machine and are shown no server path.
   * `other` without an `origin` names no root (another skill of the bundle).
   */
  definedAt: (other: string | undefined, origin: "builtin" | "managed" | undefined) => string;
  /** Follows "is defined twice: ": the two places, as definedAt names them. */
  bothRoots: (builtin: string | undefined, managed: string | undefined) => string;
  /**
   * Follows "no longer matches the files installed or approved; ": the two
   * ways out, as this surface offers them (the server has no update: its
   * readers import the source again with replace).
   */
  driftWaysOut: (id: string) => string;
  /** Follows "nobody vouched for its files; ": how to vouch, as this surface offers it. */
  approveAfterReading: (id: string) => string;
};

/** Where a clash lies, for a reader on another machine: the root's kind, never its path. */
const remotePlace = (
  other: string | undefined,
  origin: "builtin" | "managed" | undefined,
): string =>
  origin === "builtin"
    ? "in the builtin root"
    : origin === "managed"
      ? "in the managed store"
      : other === undefined
        ? ""
        : `at ${other}`;

const localPlace = (other: string | undefined): string =>
  other === undefined ? "" : `at ${other}`;

const localRoots = (builtin: string | undefined, managed: string | undefined): string =>
  `builtin at ${builtin ?? "the builtin root"}, and managed at ${managed ?? "the managed root"}`;

const remoteRoots = (): string => "in the builtin root and in the managed store";

const fileNames = "a file name such as my-skill.zip or my-skill.tar.gz";

const operatorWaysOut = (id: string): string =>
  `run 'skillshelf update --force ${id}' to take its source's bytes again, or 'skillshelf approve ${id}' to vouch for the files as they are now`;

const operatorApproves = (id: string): string =>
  `run 'skillshelf approve ${id}' after reading them to offer it to workers`;

const wordings: Record<Surface, Wording> = {
  library: {
    importUnder: (path) => `read it with the option path: "${path}"`,
    nameSkill: () => "name one of those in the option skills",
    importSkillUnder: (path, skill) =>
      `read it with the options path: "${path}", skills: ["${skill}"]`,
    skipSkills: (skills) =>
      `read the others with the option skip: [${skills.map((s) => `"${s}"`).join(", ")}]`,
    nameArchive: () => `name it (give the archive source a name, ${fileNames})`,
    selectedDirectory: () => "with the option path, the directory you select",
    replace: () => "install with the option replace: true",
    definedAt: localPlace,
    bothRoots: localRoots,
    // Taking bytes again and vouching are an operator's acts, whoever reads
    // the sentence (a payload's refused list, an MCP error): the commands.
    driftWaysOut: (id) => operatorWaysOut(id),
    approveAfterReading: (id) => operatorApproves(id),
  },
  cli: {
    importUnder: (path) => `import with --path ${path}`,
    nameSkill: () => "name one of those with --skill",
    importSkillUnder: (path, skill) => `import it with --path ${path} --skill ${skill}`,
    skipSkills: (skills) => `import the others with ${skills.map((s) => `--skip ${s}`).join(" ")}`,
    nameArchive: () => `name it (--name my-skill when reading stdin, or ${fileNames})`,
    selectedDirectory: () => "with --path, the directory you select",
    replace: () => "import with --replace",
    definedAt: localPlace,
    bothRoots: localRoots,
    driftWaysOut: (id) => operatorWaysOut(id),
    approveAfterReading: (id) => operatorApproves(id),
  },
  http: {
    importUnder: (path) => `import with path=${path}`,
    nameSkill: () => "name one of those with skill=",
    importSkillUnder: (path, skill) => `import it with path=${path}&skill=${skill}`,
    skipSkills: (skills) => `import the others with ${skills.map((s) => `skip=${s}`).join("&")}`,
    nameArchive: () => `name it (name=my-skill, or ${fileNames})`,
    selectedDirectory: () => "with path=, the directory you select",
    replace: () => "import with replace=1",
    definedAt: remotePlace,
    bothRoots: remoteRoots,
    driftWaysOut: (id) =>
      `import its source again with replace=1 to take its bytes again, or POST /api/skills/${id}/approve to vouch for the files as they are now`,
    approveAfterReading: (id) =>
      `POST /api/skills/${id}/approve after reading them to offer it to workers`,
  },
  console: {
    importUnder: (path) => `choose the directory '${path}' in the chooser`,
    nameSkill: () => "choose one of those in the chooser",
    importSkillUnder: (path, skill) =>
      `choose the directory '${path}' in the chooser and tick '${skill}'`,
    // The chooser shows a refused skill unticked already: the reader leaves it so.
    skipSkills: (skills) =>
      `leave ${skills.length === 1 ? "it" : "them"} unticked in the chooser and import the others`,
    nameArchive: () => `rename the archive to ${fileNames} and drop it again`,
    selectedDirectory: () => "the folder you dropped, or the directory you chose in the chooser",
    replace: () => "tick 'replace managed skills with the same id'",
    definedAt: remotePlace,
    bothRoots: remoteRoots,
    driftWaysOut: (id) =>
      `drop its source again with 'replace managed skills with the same id' ticked to take its bytes again, or have an operator run 'skillshelf approve ${id}' to vouch for the files as they are now`,
    approveAfterReading: (id) =>
      `have an operator run 'skillshelf approve ${id}' after reading them to offer it to workers`,
  },
};

/** The phrases for `surface`. */
export function wordingFor(surface: Surface): Wording {
  return wordings[surface];
}
