// The application layer every surface calls: a shelf is the two roots,
// decided and opened once, and every operation a surface offers over them,
// each answering a result or one refusal of the one table. The CLI and the
// server (and the MCP server, `sync`, the trust gate) are parsers of flags
// and routes over these operations; none of them assembles a flow itself.
//
// Each flow is loaded when its operation first runs: a process answers one
// command, and `list` should not compile the import flow, sync, update,
// the signed describe and verify, or the payload's builder and writers (and
// its schema), nor the archive and git sources they reach. Their types are
// imported here statically; list's own pieces (the catalog, the gate, the
// MCP source) are imported as they are.
import {
  acceptFindings,
  type Finding,
  type FindingCode,
  findingsOf,
  type ListResult,
  listBundle,
  type Skill,
  type Source,
  type Warning,
} from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { limits } from "@skillshelf/contract";
import {
  type McpWarning,
  mcpServability,
  type SkillSource,
  skillSourceOf,
} from "@skillshelf/mcp/source";
import type {
  FetchResult,
  MaterializeResult,
  PayloadRefusal,
  PayloadResult,
  WatchOptions,
} from "@skillshelf/payload";
import {
  type ApproveResult,
  approve,
  builtinClash,
  type CatalogWithBodies,
  type GateOptions,
  gateCatalog,
  type InstallRecord,
  listSkills,
  type PayloadUse,
  type RefusedSkill,
  type RemoveResult,
  type Roots,
  readStoredFile,
  remove,
  type Signer,
  type SkillDescription,
  type StoreChange,
  type StoredFileResult,
  type StoredFileStream,
  storedFindings,
  storedSpecWarnings,
  streamStoredFile,
  validateSkill,
} from "@skillshelf/skill-catalog";
import type { DigestResult } from "./digest.js";
import type { ImportChoices, ImportOutcome, ReadChoices } from "./import-flow.js";
import { signatureJudgeOf } from "./serve-policy.js";
import type { SignatureStatus } from "./signature-status.js";
import type { SignedVerifyResult } from "./signed-verify.js";
import type { LockStatus, SyncOptions, SyncResult } from "./sync.js";
import { treeSizes } from "./tree-sizes.js";
import { NO_TRUST, type Trust } from "./trust.js";
import type { UpdateResult } from "./update.js";

/**
 * What `list` shows: the catalog with bodies, records by id, the payload
 * bound's use, warnings, the findings of each offered skill (of every text
 * file of the tree served; of SKILL.md alone for a skill withheld from
 * serving; reported, never refusing at read time), the offered skills a worker is not handed
 * because nobody vouched for them as they are (drifted, unapproved) or
 * because the signature policy withholds them (unsigned, bad-signature,
 * untrusted-signer), and who signed each skill a trusted key signed.
 */
export type ShelfListing = {
  catalog: CatalogWithBodies;
  records: Map<string, InstallRecord>;
  payload: PayloadUse;
  warnings: Warning[];
  findings: Finding[];
  withheld: RefusedSkill[];
  /**
   * The signer of each offered skill whose tree a key in the trust file
   * signed, by id; undefined when the shelf has no trust file and no policy,
   * so that no signature was checked.
   */
  signers: Map<string, Signer> | undefined;
  /** Which offered skills an MCP host is not served, or need not take (packages/mcp's judgement). */
  mcpWarnings: McpWarning[];
  /** The bytes of each offered skill's whole tree (every file), by id; the catalog's `bytes` are its body's. */
  treeBytes: Map<string, number>;
};

/**
 * What `writeSkillFiles` wrote, and what the payload withheld (drifted,
 * unapproved, refused by the catalog) or let through only by allowDrift.
 */
export type SkillFilesResult =
  | (Extract<FetchResult, { ok: true }> & { refused: PayloadRefusal[]; allowed: RefusedSkill[] })
  | Extract<FetchResult, { ok: false }>;

/** The operations over one pair of roots. */
export type Shelf = {
  readonly roots: Roots;
  /** Where the managed skills are, for a sentence: a directory, or a store URL without its password. */
  readonly managedLocation: string;
  /** This tool as `name version`, kept in install records. */
  readonly tool: string;
  /** Whose signatures are honoured, and whether only signed skills are accepted. */
  readonly trust: Trust;
  /** Each skill of a source with its tree digest and the statement a signer signs. */
  digest(source: Source, choices?: ReadChoices): Promise<DigestResult>;
  /**
   * What a source holds, and under which path; with `judge`, whether each
   * skill imports when read alone (the reader's rules, the catalog's, then
   * the findings that refuse by default).
   */
  listSource(
    source: Source,
    choices?: Pick<ReadChoices, "path" | "signal" | "onProgress"> & { judge?: boolean },
  ): Promise<ListResult>;
  /** The verdict an import would give, writing nothing. */
  check(source: Source, choices?: ImportChoices): Promise<ImportOutcome>;
  /** Reads `source` and installs its skills with their record, all or nothing. */
  import(source: Source, choices?: ImportChoices): Promise<ImportOutcome>;
  update(
    ids?: readonly string[],
    options?: { force?: boolean; ref?: string },
  ): Promise<UpdateResult>;
  /** Each managed skill against its record, and its signature re-checked against the trust now. */
  verify(ids?: readonly string[]): Promise<SignedVerifyResult>;
  /** Makes the managed store hold exactly a manifest's skills (or a lock's, frozen) and writes the lock. */
  sync(options: SyncOptions): Promise<SyncResult>;
  /** Whether the managed store holds exactly the skills of the lock at `lockPath`. */
  lockStatus(lockPath: string): Promise<LockStatus>;
  list(): Promise<ShelfListing>;
  /** One skill's files, tree digest, record and drift, and its signature checked now. */
  describe(
    id: string,
  ): Promise<
    | { ok: true; description: SkillDescription & { signature: SignatureStatus } }
    | { ok: false; refusal: Refusal }
  >;
  readFile(id: string, path: string): Promise<StoredFileResult>;
  /** The same file as a stream, for a server answering many slow readers (stream-stored-file.ts). */
  streamFile(id: string, path: string): Promise<StoredFileStream>;
  /**
   * Vouches for the managed skill `id`'s files as they are now, recording `by`
   * and the time; their findings are judged as an import's, with `accept`.
   */
  approve(
    id: string,
    by: string,
    options?: { accept?: readonly FindingCode[] | undefined },
  ): Promise<ApproveResult>;
  payload(options?: GateOptions): Promise<PayloadResult>;
  /** Writes `<dir>/skills.json` atomically. */
  writePayload(dir: string, options?: GateOptions): Promise<MaterializeResult>;
  /** Writes every file of every payload skill to `<dir>/<id>/`, each held against the payload's manifest, all or nothing. */
  writeSkillFiles(dir: string, options?: GateOptions): Promise<SkillFilesResult>;
  /** Keeps `<dir>/skills.json` current until `options.signal` aborts. */
  watchPayload(dir: string, options: WatchOptions): Promise<void>;
  remove(id: string): Promise<RemoveResult>;
  /** The skills as the MCP server serves them (one source per shelf, so its listing walks are shared). */
  readonly skills: SkillSource;
  /** Why an offered skill is not served over MCP (`mcp-unservable`) or not taken by every host (`mcp-over-limits`). */
  mcpWarnings(ids?: readonly string[]): Promise<McpWarning[]>;
  /** Hears every change of the managed store; returns the unsubscribe. */
  watch(listener: (change: StoreChange) => void): () => void;
  /** Whether the managed store could take a write now. */
  ready(): Promise<{ ok: true } | { ok: false; refusal: Refusal }>;
  limits: typeof limits;
  /** Releases the store (connections, listeners). */
  close(): Promise<void>;
};

/**
 * What refuses a skill read alone, as an import with no `accept` would: the
 * catalog's rules, the findings that refuse by default (`hidden-content`),
 * then a skill of the same id in the builtin root (`already-defined`, which
 * no `replace` lifts), so a listing never calls importable what its import
 * is sure to refuse. A clash with a managed skill is left to the import,
 * since `replace` decides it.
 */
const judgeAloneIn =
  (builtin: string) =>
  (skill: Skill): Refusal | undefined => {
    const refusal = validateSkill(skill);
    if (refusal !== undefined) return refusal;
    const judged = acceptFindings(findingsOf(skill));
    if (!judged.ok) return judged.refusal;
    const clash = builtinClash(builtin, skill.name);
    return clash === undefined ? undefined : { code: "already-defined", ...clash };
  };

/** The operations over `roots`, recording `tool` in every install and holding skills to `trust`. */
export function shelfOver(roots: Roots, tool: string, trust: Trust = NO_TRUST): Shelf {
  const { managed } = roots;
  // The signature policy at serve time: one judge for the payload, MCP and list.
  const judge = signatureJudgeOf(trust);
  const held = (options: GateOptions): GateOptions =>
    judge === undefined ? options : { ...options, judge };
  const skills = skillSourceOf(roots, judge === undefined ? {} : { judge });
  return {
    roots,
    managedLocation: managed?.location ?? "no managed store",
    tool,
    trust,
    digest: async (source, choices = {}) => {
      const { digestSource } = await import("./digest.js");
      return digestSource(source, choices, trust);
    },
    listSource: (source, choices = {}) =>
      listBundle(source, {
        ...pick(choices),
        ...(choices.judge === true ? { judge: judgeAloneIn(roots.builtin) } : {}),
      }),
    check: async (source, choices = {}) => {
      const { importSource } = await import("./import-flow.js");
      return importSource(roots, source, { ...choices, dryRun: true, tool, trust });
    },
    import: async (source, choices = {}) => {
      const { importSource } = await import("./import-flow.js");
      return importSource(roots, source, { ...choices, dryRun: false, tool, trust });
    },
    update: async (ids = [], options = {}) => {
      const { updateSkills } = await import("./update.js");
      return updateSkills(roots, ids, { ...options, tool, trust });
    },
    verify: async (ids = []) => {
      const { verifySigned } = await import("./signed-verify.js");
      return verifySigned(roots, ids, trust);
    },
    sync: async (options) => {
      const { syncSet } = await import("./sync.js");
      return syncSet(roots, { ...options, tool, trust });
    },
    lockStatus: async (lockPath) => {
      const { lockStatus } = await import("./sync.js");
      return lockStatus(roots, lockPath);
    },
    list: async () => {
      const listed = await listSkills(roots);
      const warnings = listed.catalog.skills.flatMap((skill) => storedSpecWarnings(skill));
      // The findings shown are the served tree's (below), so the gate works none out.
      const gated = await gateCatalog(
        roots,
        listed.catalog,
        held({ allowDrift: true, findings: false }),
      );
      // Drift is let through here to be shown; what the policy withholds is refused by the gate.
      const offered = new Set(listed.catalog.skills.map((skill) => skill.id));
      const unsigned = gated.refused.filter((skill) => offered.has(skill.id));
      const served = await skills.list();
      // A served skill's findings cover every text file of the tree served;
      // one withheld from serving is reported on its SKILL.md alone.
      const servedFindings = new Map(served.skills.map((skill) => [skill.id, skill.findings]));
      const findings = listed.catalog.skills.flatMap((skill) =>
        servedFindings.has(skill.id) ? (servedFindings.get(skill.id) ?? []) : storedFindings(skill),
      );
      return {
        ...listed,
        warnings,
        findings,
        withheld: [...gated.allowed, ...unsigned].sort((a, b) =>
          a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
        ),
        signers: judge === undefined ? undefined : gated.signers,
        mcpWarnings: served.skills.flatMap((skill) => mcpServability(skill)),
        treeBytes: await treeSizes(roots, listed.catalog.skills, served.skills),
      };
    },
    describe: async (id) => {
      const { describeSigned } = await import("./describe-signed.js");
      return describeSigned(roots, id, trust);
    },
    readFile: (id, path) => readStoredFile(roots, id, path),
    streamFile: (id, path) => streamStoredFile(roots, id, path),
    approve: (id, by, options = {}) => approve(roots, id, { by, tool, accept: options.accept }),
    payload: async (options = {}) => {
      const { payload } = await import("@skillshelf/payload");
      return payload(roots, held(options));
    },
    writePayload: async (dir, options = {}) => {
      const { materialize } = await import("@skillshelf/payload");
      return materialize(roots, dir, held(options));
    },
    writeSkillFiles: async (dir, options = {}) => {
      const { fetchSkillFiles, payload } = await import("@skillshelf/payload");
      const built = await payload(roots, held(options));
      if (!built.ok) return built;
      const fetched = await fetchSkillFiles(
        async (id, path) => {
          const read = await readStoredFile(roots, id, path);
          return read.ok ? { ok: true, bytes: read.bytes } : read;
        },
        built.payload,
        dir,
      );
      return fetched.ok
        ? { ...fetched, refused: built.payload.refused, allowed: built.allowed }
        : fetched;
    },
    watchPayload: async (dir, options) => {
      const { watchPayload } = await import("@skillshelf/payload");
      return watchPayload(roots, dir, { ...options, ...held({}) });
    },
    remove: (id) => remove(roots, id),
    skills,
    mcpWarnings: (ids) => mcpWarningsOf(skills, ids),
    watch: (listener) => managed?.subscribe(listener) ?? (() => {}),
    ready: async () => (managed === undefined ? { ok: true } : managed.probeWritable()),
    limits,
    close: async () => managed?.close(),
  };
}

function pick(choices: Pick<ReadChoices, "path" | "signal" | "onProgress">) {
  return {
    ...(choices.path === undefined ? {} : { path: choices.path }),
    ...(choices.signal === undefined ? {} : { signal: choices.signal }),
    ...(choices.onProgress === undefined ? {} : { onProgress: choices.onProgress }),
  };
}

/** The MCP warnings of the offered skills (of `ids` alone, when given). */
async function mcpWarningsOf(
  source: SkillSource,
  ids: readonly string[] | undefined,
): Promise<McpWarning[]> {
  const { skills } = await source.list();
  const wanted = ids === undefined ? undefined : new Set(ids);
  return skills
    .filter((skill) => wanted === undefined || wanted.has(skill.id))
    .flatMap((skill) => mcpServability(skill));
}
