// The one table of refusal codes: for each, the sentence an operator reads,
// the HTTP status the server answers with and the exit code of the CLI. No
// surface invents its own wording or status; they all look a code up here.
// A sentence that tells the reader to set an option names it as the surface
// that shows the sentence spells it (`--path skills` on the command line,
// `path=skills` over HTTP, the chooser in the console, `path` in the
// library), so the table carries which options each code's sentence names.
import { formatCount } from "./format-bytes.js";
import { MAX_PATH_BYTES, MAX_SEGMENT_BYTES } from "./limits.js";
import type { Code, Refusal, UnsafePathReason } from "./refusal.js";
import { type Option, type Surface, type Wording, wordingFor } from "./wording.js";

type RefusalRule = {
  status: number;
  exitCode: number;
  /** The options the sentence may tell the reader to set. */
  options: readonly Option[];
  sentence: (refusal: Refusal, say: Wording) => string;
};

const MIB = 1024 * 1024;

const bytesIn = (bytes: number): string => `${formatCount(bytes)} bytes`;

const unsafeReasons: Record<UnsafePathReason, string> = {
  absolute: "it is absolute",
  "drive-prefix": "it carries a drive or stream prefix",
  traversal: "it climbs out with '..'",
  backslash: "it holds a backslash",
  "control-character": "it holds a control character",
  "empty-segment": "it has an empty segment",
  "dot-segment": "it has a '.' segment",
  "not-utf8": "it is not valid UTF-8",
  "segment-too-long": `one of its names is longer than ${bytesIn(MAX_SEGMENT_BYTES)}`,
  "path-too-long": `it is longer than ${bytesIn(MAX_PATH_BYTES)}`,
  "reserved-name": "one of its names is reserved on Windows",
  "trailing-dot-or-space": "one of its names ends in a dot or a space",
};

/** `words` between `before` and `after`, or nothing when there are no words. */
const spaced = (words: string, before: string, after = ""): string =>
  words === "" ? "" : `${before}${words}${after}`;
const at = (r: Refusal): string => (r.path === undefined ? "" : ` '${r.path}'`);
const inSkill = (r: Refusal): string => (r.skill === undefined ? "" : ` of skill '${r.skill}'`);
const detail = (r: Refusal): string => (r.detail === undefined ? "" : ` (${r.detail})`);
const size = (bytes: number | undefined): string =>
  bytes === undefined ? "the limit" : bytes >= MIB ? `${bytes / MIB} MiB` : bytesIn(bytes);

/**
 * identity-mismatch: what to rename. A stored skill, or one the reader took
 * from a folder, is its folder's name; one at an archive's root is the
 * archive's file name (a .skill file has no folder to rename). A skill built
 * by hand could be either, and is told both.
 */
function renameTo(r: Refusal, say: Wording): string {
  const from = r.skill ?? "";
  const to = r.other ?? "";
  if (r.origin !== undefined) return `rename the folder '${from}' to '${to}'`;
  if (r.namedAfter === "archive") {
    return `files at an archive's root take the archive's file name as their id, so rename the archive '${from}' to '${to}' (keeping its extension, as in ${to}.skill or ${to}.zip)`;
  }
  if (r.namedAfter === "folder") {
    return `a skill's id is its folder's name, so rename the folder '${from}' to '${to}' (${say.selectedDirectory()})`;
  }
  return `a skill's id is its folder's name (for files at an archive's root, the archive's file name), so rename the folder or the archive '${from}' to '${to}' (${say.selectedDirectory()})`;
}

/** spec-violation: the first warning's own sentence, and how many warnings strict checking refused. */
function strictSentence(r: Refusal, say: Wording): string {
  const count = r.count ?? 1;
  const first =
    r.detail?.replace(/\.$/, "") ??
    `The skill${inSkill(r).replace(" of skill", "")} does not follow the Agent Skills specification`;
  const more =
    count <= 1
      ? "that warning"
      : `it and ${formatCount(count - 1)} more ${count === 2 ? "warning" : "warnings"}`;
  return `${first}, and strict checking turns ${more} into a refusal; fix the SKILL.md frontmatter, or import without strict checking${concernsHint(r, say)}.`;
}

/** Where skills lie deeper, and the `path` that imports them (empty when none were found). */
function foundHint(r: Refusal, say: Wording): string {
  const found = r.found ?? [];
  const first = found[0];
  if (first === undefined) return "";
  const skills = (n: number): string =>
    `${formatCount(n)} ${n === 1 ? "skill was" : "skills were"}`;
  const others = found.slice(1).map((g) => `${formatCount(g.count)} under '${g.path}/'`);
  const also = others.length === 0 ? "" : ` (and ${others.join(", ")})`;
  return `; ${skills(first.count)} found under '${first.path}/'${also}: ${say.importUnder(first.path)}`;
}

/** not-in-source: a skill the selection does not hold, or a path that names nothing. */
function notInSourceSentence(r: Refusal, say: Wording): string {
  const held = r.held;
  if (r.skill !== undefined) {
    const listed = held === undefined || held.length === 0 ? "no skills" : listNames(held);
    const deeper = r.found?.[0];
    if (deeper !== undefined) {
      return `The skill '${r.skill}' is not at the level read (which holds ${listed}); it lies under '${deeper.path}/': ${say.importSkillUnder(deeper.path, r.skill)}.`;
    }
    return `The source holds no skill '${r.skill}'; it holds ${listed}, so ${say.nameSkill()}.`;
  }
  const why = r.detail === undefined ? "" : ` (${r.detail})`;
  const hint = foundHint(r, say);
  return `Nothing in the source lies under '${r.path ?? ""}'${why}${hint === "" ? "; check the directory's name, as the source stores it or below its one top directory" : hint}.`;
}

/** Names as a sentence lists them, the first few and how many more. */
function listNames(names: readonly string[]): string {
  const shown = names.slice(0, 8).map((n) => `'${n}'`);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${formatCount(more)} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** not-utf8: the first file, and how many more. */
function notUtf8Sentence(r: Refusal, say: Wording): string {
  const count = r.count ?? 1;
  const more =
    count <= 1
      ? " is"
      : ` and ${formatCount(count - 1)} other ${count === 2 ? "file are" : "files are"}`;
  return `The file${at(r)}${inSkill(r)}${more} not valid UTF-8 text; the store holds text only, so remove ${count <= 1 ? "it" : "them"} or convert ${count <= 1 ? "it" : "them"} (binary assets are refused, never altered)${concernsHint(r, say)}.`;
}

/** What a concern's count counts, by code: none for a skill refused whole. */
const concernUnits: Partial<Record<Code, [one: string, many: string]>> = {
  "unsafe-path": ["file", "files"],
  link: ["file", "files"],
  "not-regular-file": ["file", "files"],
  "not-utf8": ["file", "files"],
  "hidden-content": ["finding", "findings"],
  "spec-violation": ["warning", "warnings"],
};

/** The skills a refusal inside a collection concerns, and how to import the others. */
function concernsHint(r: Refusal, say: Wording): string {
  const concerns = r.concerns;
  if (concerns === undefined || concerns.length === 0) return "";
  const unit = concernUnits[r.code];
  const counted = (c: { skill: string; count: number }, first: boolean): string =>
    unit === undefined
      ? `'${c.skill}'`
      : `${c.skill} (${formatCount(c.count)}${first ? ` ${c.count === 1 ? unit[0] : unit[1]}` : ""})`;
  const shown = concerns.slice(0, 8).map((c, i) => counted(c, i === 0));
  const more = concerns.length - shown.length;
  const listed = more > 0 ? `${shown.join(", ")} and ${more} more skills` : shown.join(", ");
  const skips = say.skipSkills(concerns.map((c) => c.skill));
  return `; ${concerns.length === 1 ? "the skill at fault is" : "the skills at fault are"} ${listed}: ${skips}`;
}

/** drifted: the first changed files by name, and how many more, and the ways out this surface offers. */
function driftSentence(r: Refusal, say: Wording): string {
  const changes = r.changes ?? [];
  const named = changes.slice(0, 3).map((c) => `'${c.path}' ${c.change}`);
  const more = changes.length > 3 ? ` and ${formatCount(changes.length - 3)} more` : "";
  const which = named.length === 0 ? detail(r) : ` (${named.join(", ")}${more})`;
  const id = r.skill ?? "";
  return `The managed skill '${id}' no longer matches the files installed or approved${which}; ${say.driftWaysOut(id)}.`;
}

/** hidden-content: the first refusing finding's own sentence, and how many refuse in all. */
function hiddenContentSentence(r: Refusal, say: Wording): string {
  const count = "count" in r && r.count !== undefined ? r.count : 1;
  const all = count <= 1 ? "" : ` (${formatCount(count)} refusing findings; the first follows)`;
  const first =
    r.detail ??
    `${r.path ?? "a file"} hides content from a reader; remove it, or accept its finding's code for this import if it is meant.`;
  const hint = concernsHint(r, say);
  return hint === ""
    ? `The import${inSkill(r)} is refused for hidden content${all}: ${first}`
    : `The import${inSkill(r)} is refused for hidden content${all}: ${first.replace(/\.$/, "")}${hint}.`;
}

const refused = (
  status: number,
  sentence: RefusalRule["sentence"],
  options: readonly Option[] = [],
): RefusalRule => ({ status, exitCode: 1, options, sentence });

/** Every code, source and destination alike, with its sentence, HTTP status and exit code. */
export const refusalTable: Record<Code, RefusalRule> = {
  "unreadable-source": refused(
    422,
    (r) =>
      `The source${at(r)} cannot be read${detail(r)}; check that it exists and that you may read it.`,
  ),
  "not-an-archive": refused(
    422,
    (r) =>
      `The source${at(r)} is neither a folder nor a tar, tar.gz or zip archive; pack the bundle with tar or zip and try again.`,
  ),
  "corrupt-archive": refused(
    422,
    (r) =>
      `The archive${at(r)} is damaged or truncated${detail(r)}; pack the bundle again and retry.`,
  ),
  "unsupported-entry": refused(
    422,
    (r) =>
      `The entry${at(r)} cannot be read${r.detail === undefined ? "" : `: ${r.detail}`}; repack the bundle without a password, stored or deflated (as zip -r bundle.zip folder does), or as a tar.gz.`,
  ),
  "unsafe-path": refused(
    422,
    (r, say) =>
      `The entry${at(r)} has an unsafe path${r.why !== undefined ? ` (${unsafeReasons[r.why]})` : ""}; rename it to a plain relative path and pack again${concernsHint(r, say)}.`,
    ["skip"],
  ),
  link: refused(
    422,
    (r, say) =>
      r.origin !== undefined
        ? `The ${r.origin} skill '${r.skill ?? ""}'${at(r)} is a symbolic link, and skills are never read through links; replace it with a real directory and file.`
        : `The entry${at(r)} is ${r.detail ?? "a link"}; a bundle holds only regular files, so replace the link with a copy of its target (and pack the archive again, if the bundle came as one)${concernsHint(r, say)}.`,
    ["skip"],
  ),
  "not-regular-file": refused(
    422,
    (r, say) =>
      `The entry${at(r)} is not a regular file or directory${detail(r)}; remove it from the bundle${concernsHint(r, say)}.`,
    ["skip"],
  ),
  "duplicate-path": refused(
    422,
    (r) =>
      `The entry${at(r)} appears twice${r.other === undefined ? "" : ` (also as '${r.other}')`}, counting names that differ only in case or Unicode form; keep one and pack again.`,
  ),
  "file-and-directory": refused(
    422,
    (r) =>
      `The path${at(r)} is both a file and a directory${r.other === undefined ? "" : ` ('${r.other}')`}; keep one of them and pack again.`,
  ),
  "missing-skill-file": refused(
    422,
    (r, say) =>
      `The directory${r.skill === undefined ? at(r) : ` '${r.skill}'`} has no SKILL.md; add one or remove the directory from the bundle${foundHint(r, say)}.`,
    ["path"],
  ),
  "stray-file": refused(
    422,
    (r, say) =>
      `The file${at(r)} lies beside the skill directories; move it into a skill or remove it${foundHint(r, say)}.`,
    ["path"],
  ),
  "unnamed-skill": refused(
    422,
    (r, say) =>
      `The archive holds a single skill at its root${r.path === undefined ? "" : ` ('${r.path}')`} but came without a file name to name it by; ${say.nameArchive()}, or wrap the skill in a folder.`,
    ["name"],
  ),
  "not-utf8": refused(422, (r, say) => notUtf8Sentence(r, say), ["skip"]),
  "no-skills": refused(
    422,
    (r, say) =>
      foundHint(r, say) === ""
        ? `The bundle${at(r)} holds no skills; a skill is a folder with a SKILL.md, or a collection of such folders.`
        : `No skills at the top of ${r.path === undefined ? "the source" : `'${r.path}'`}${foundHint(r, say)}.`,
    ["path"],
  ),
  "spec-violation": refused(422, strictSentence, ["skip"]),
  "not-in-source": refused(422, notInSourceSentence, ["path", "skill"]),
  "hidden-content": refused(422, hiddenContentSentence, ["skip"]),
  "frontmatter-too-large": refused(
    422,
    (r, say) =>
      `The SKILL.md${inSkill(r)} has frontmatter beyond what the reader parses${detail(r)}; shorten the block between the '---' lines and keep long text in the body or in reference files${concernsHint(r, say)}.`,
    ["skip"],
  ),
  "too-many-entries": refused(
    413,
    (r) =>
      `The bundle${at(r)} has more than ${r.limit === undefined ? "the allowed number of" : formatCount(r.limit)} entries; split it into smaller bundles.`,
  ),
  "too-large": refused(
    413,
    (r) =>
      `The bundle${at(r)} expands to more than ${size(r.limit)}; split it into smaller bundles.`,
  ),
  "invalid-id": refused(
    422,
    (r, say) =>
      `The skill name '${r.skill ?? ""}' is not a valid id; use 1 to 64 lower-case letters, digits and single inner dashes${concernsHint(r, say)}.`,
    ["skip"],
  ),
  "identity-mismatch": refused(
    422,
    (r, say) =>
      r.other === undefined
        ? `The SKILL.md of skill '${r.skill ?? ""}' does not declare that id${detail(r)}; start it with '# ${r.skill ?? ""}' or frontmatter 'name: ${r.skill ?? ""}'${concernsHint(r, say)}.`
        : `The SKILL.md of skill '${r.skill ?? ""}' declares the id '${r.other}' instead; ${renameTo(r, say)}, or make the SKILL.md declare '${r.skill ?? ""}' ('# ${r.skill ?? ""}' or frontmatter 'name: ${r.skill ?? ""}')${concernsHint(r, say)}.`,
    ["path", "skip"],
  ),
  "skill-file-too-large": refused(
    422,
    (r, say) =>
      `The SKILL.md of skill '${r.skill ?? ""}' is larger than ${size(r.limit)}; shorten it and move detail into reference files${concernsHint(r, say)}.`,
    ["skip"],
  ),
  "already-defined": refused(
    409,
    (r, say) =>
      r.clashes !== undefined && r.clashes.length > 1
        ? `The skills ${r.clashes.map((c) => `'${c.skill}'${spaced(say.definedAt(c.other, c.origin), " (", ")")}`).join(", ")} are already defined; ${say.replace()} to overwrite managed skills, or rename them.`
        : r.origin === "builtin"
          ? `The skill '${r.skill ?? ""}' is already defined${spaced(say.definedAt(r.other, r.origin), " ")}, and a builtin skill is never overwritten by an import; rename it.`
          : `The skill '${r.skill ?? ""}' is already defined${spaced(say.definedAt(r.other, r.origin), " ")}; ${say.replace()} to overwrite a managed skill, or rename it.`,
    ["replace"],
  ),
  "unknown-skill": refused(
    404,
    (r) =>
      `There is no skill '${r.skill ?? ""}'${detail(r)}; list the skills to see which ids exist.`,
  ),
  "builtin-skill": refused(
    409,
    (r) =>
      `The skill '${r.skill ?? ""}' is builtin and is never changed here; edit it in the workspace instead.`,
  ),
  "no-managed-root": {
    status: 500,
    exitCode: 1,
    options: [],
    sentence: (r) =>
      r.skill === undefined
        ? "No managed root is configured, so nothing can be installed or removed; set a data directory."
        : `No managed root is configured, so skill '${r.skill}' cannot be installed or removed; set a data directory.`,
  },
  "store-failed": {
    status: 500,
    exitCode: 3,
    options: [],
    sentence: (r) =>
      `The store could not be written${r.skill === undefined ? "" : ` for skill '${r.skill}'`}${detail(r)}; nothing was changed: check the data directory's space and permissions, or that the store's database is reachable, and retry.`,
  },
  "store-unavailable": {
    status: 503,
    exitCode: 3,
    options: [],
    sentence: (r) =>
      `The store's database${r.path === undefined ? "" : ` at ${r.path}`} cannot be reached${detail(r)}; nothing was read or changed: check that the database is running and accepts this role, and retry.`,
  },
  "invalid-store-url": {
    status: 400,
    exitCode: 2,
    options: [],
    sentence: (r) =>
      `The store${r.path === undefined ? "" : ` '${r.path}'`} is not a PostgreSQL URL${detail(r)}; name it as postgres://user@host:5432/database (--store, or SKILLSHELF_STORE), or leave it out to use the data directory.`,
  },
  usage: {
    status: 400,
    exitCode: 2,
    options: [],
    sentence: (r) =>
      `The command cannot be run as given${detail(r)}; see its help ('skillshelf help <command>') for the arguments and options it takes.`,
  },
  "payload-too-large": refused(
    422,
    (r) =>
      `The offered skills' bodies total more than ${size(r.limit)}${r.skill === undefined ? "" : ` (skill '${r.skill}' among them)`}${detail(r)}; remove or shorten skills until they fit.`,
  ),
  "invalid-payload": refused(
    422,
    (r) =>
      `The payload file${at(r)} is not a valid skills payload${detail(r)}; materialize it again.`,
  ),
  "digest-mismatch": refused(
    422,
    (r) =>
      `The payload's body of skill '${r.skill ?? ""}' does not match its digest; the file was altered, so materialize it again.`,
  ),
  "revision-mismatch": refused(
    422,
    (r) =>
      `The payload file${at(r)} has a revision that does not match its skills; the file was altered, so materialize it again.`,
  ),
  "unknown-file": refused(
    404,
    (r) =>
      `The skill '${r.skill ?? ""}' has no file${at(r)}; list the skill's files to see which paths exist.`,
  ),
  unsigned: refused(
    422,
    (r) =>
      `The skill '${r.skill ?? ""}' carries no SKILL.sig, and only signed skills are accepted here; sign its tree statement with 'ssh-keygen -Y sign -n skillshelf' and put the signature in SKILL.sig.`,
  ),
  "bad-signature": refused(
    422,
    (r) =>
      `The SKILL.sig of skill '${r.skill ?? ""}' does not prove its files${detail(r)}; sign the skill's current tree statement again with 'ssh-keygen -Y sign -n skillshelf'.`,
  ),
  "untrusted-signer": refused(
    422,
    (r) =>
      `The skill '${r.skill ?? ""}' is signed by ${r.other === undefined ? "a key" : `key ${r.other}`} that allowed_signers does not trust for it${detail(r)}; add the key to allowed_signers if you trust its holder, or take the skill from a signer you trust.`,
  ),
  "invalid-trust-file": {
    status: 500,
    exitCode: 1,
    options: [],
    sentence: (r) =>
      `The trust file${at(r)} cannot be used${detail(r)}; fix the line it names and retry.`,
  },
  "invalid-manifest": refused(
    422,
    (r) =>
      `The set file${at(r)} is not a valid skillshelf manifest or lock${detail(r)}; fix it as the schema @skillshelf/shelf/manifest.schema.json describes and retry.`,
  ),
  "lock-mismatch": refused(
    409,
    (r) =>
      `The skills do not match the lock${at(r)}${detail(r)}; nothing was changed: run 'skillshelf sync' (without --frozen) to move the lock, or restore what moved.`,
  ),
  "changed-file": refused(
    409,
    (r) =>
      `The file${at(r)} of skill '${r.skill ?? ""}' no longer matches the digest recorded for it; it was changed after the skill was stored, so verify the skill and import it again.`,
  ),
  "bad-record": refused(
    409,
    (r) =>
      `The install record of skill '${r.skill ?? ""}' cannot be used${detail(r)}; it was changed or damaged outside the tool, so only this skill is left alone: import it again with --replace (replace=1 over HTTP) to write a fresh record.`,
  ),
  "defined-twice": refused(
    409,
    (r, say) =>
      `The skill '${r.skill ?? ""}' is defined twice: ${say.bothRoots(r.path, r.other)}; the order of the roots is never precedence, so remove or rename one of them.`,
  ),
  "invalid-frontmatter": refused(
    422,
    (r, say) =>
      `The SKILL.md${at(r)}${inSkill(r)} opens with frontmatter that cannot be read${detail(r)}; fix the block between the '---' lines${concernsHint(r, say)}.`,
    ["skip"],
  ),
  unreadable: refused(
    422,
    (r) =>
      `The SKILL.md${at(r)}${inSkill(r)} cannot be read${detail(r)}; check that it is a regular file you may read.`,
  ),
  drifted: refused(409, (r, say) => driftSentence(r, say)),
  unapproved: refused(
    409,
    (r, say) =>
      `The managed skill '${r.skill ?? ""}' has no install record, so nobody vouched for its files${detail(r)}; ${say.approveAfterReading(r.skill ?? "")}.`,
  ),
  internal: {
    status: 500,
    exitCode: 3,
    options: [],
    sentence: (r) =>
      `An internal error occurred${r.skill === undefined ? "" : ` with skill '${r.skill}'`}${r.path === undefined ? "" : ` at '${r.path}'`}${detail(r)}; this is a bug in skillshelf, please report it with the command that caused it.`,
  },
};

/**
 * One sentence that names the file or skill and says what to do, naming an
 * option as `surface` spells it (the library's own names by default).
 */
export function message(refusal: Refusal, surface: Surface = "library"): string {
  return refusalTable[refusal.code].sentence(refusal, wordingFor(surface));
}

/** The roots' places on the server, by kind, that a remote reader is not shown. */
export type RootPlaces = { builtin?: string | undefined; managed?: string | undefined };

/**
 * The refusal as a reader on another machine (the HTTP API, the console) is
 * given it: an already-defined clash's place on the server (`other`, a path
 * or a database's address) is left out where `origin` names its root, a
 * defined-twice skill's two paths are, and a stored skill's `path` below its
 * root (`roots`) is cut to the part below the root (`<id>/SKILL.md`). Its
 * sentence, worded from this refusal, then names no server path either.
 * Every other field is the reader's to see.
 */
export function remoteRefusal(refusal: Refusal, roots: RootPlaces = {}): Refusal {
  if (refusal.code === "defined-twice") {
    // Both places are the roots' paths on the server; the sentence names the roots by kind.
    const { path: _builtin, other: _managed, ...shown } = refusal;
    return shown;
  }
  if (refusal.code !== "already-defined") return belowRoot(refusal, roots);
  const { other, clashes, ...rest } = refusal;
  const shown: Refusal = rest;
  if (other !== undefined && refusal.origin === undefined) shown.other = other;
  if (clashes !== undefined) {
    shown.clashes = clashes.map(({ other: place, ...clash }) =>
      place === undefined || clash.origin !== undefined ? clash : { ...clash, other: place },
    );
  }
  return shown;
}

/** A stored skill's refusal with its `path` cut to the part below its root. */
function belowRoot(refusal: Refusal, roots: RootPlaces): Refusal {
  const { origin, path } = refusal;
  if (origin === undefined || path === undefined) return refusal;
  const shown = remotePath(path, origin, roots);
  return shown === path ? refusal : { ...refusal, path: shown };
}

/**
 * A stored skill's path as a reader on another machine is given it: the
 * part below its root (`<id>/SKILL.md`), the root being named by `origin`
 * alone; a path outside the root is given as it is.
 */
export function remotePath(path: string, origin: "builtin" | "managed", roots: RootPlaces): string {
  const root = roots[origin];
  return root !== undefined && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

/** The HTTP status a surface answers a refusal with. */
export function httpStatus(refusal: Refusal): number {
  return refusalTable[refusal.code].status;
}

/** The CLI exit code for a refusal. */
export function exitCode(refusal: Refusal): number {
  return refusalTable[refusal.code].exitCode;
}

/** Turns anything thrown into a refusal: a known one passes through, the rest is internal. */
export function toRefusal(error: unknown): Refusal {
  if (isRefusal(error)) return error;
  const text = error instanceof Error ? error.message : String(error);
  return { code: "internal", detail: text };
}

/** Whether a value is a refusal with a code of the table. */
export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === "object" &&
    value !== null &&
    "code" in value &&
    typeof (value as { code: unknown }).code === "string" &&
    Object.hasOwn(refusalTable, (value as { code: string }).code)
  );
}
