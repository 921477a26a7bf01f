// The application layer every surface calls: a shelf is the two roots,
// decided and opened once, and every operation a surface offers over them,
// each answering a result or one refusal of the one table. The CLI and the
// server (and the MCP server, `sync`, the trust gate) are parsers of flags
// and routes over these operations; none of them assembles a flow itself.
import { type ListResult, listBundle, type Source, type Warning } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { limits } from "@skillshelf/contract";
import {
  type MaterializeResult,
  materialize,
  type PayloadResult,
  payload,
  type WatchOptions,
  watchPayload,
} from "@skillshelf/payload";
import {
  type CatalogWithBodies,
  describeSkill,
  type InstallRecord,
  listSkills,
  type PayloadUse,
  type RemoveResult,
  type Roots,
  readStoredFile,
  remove,
  type SkillDescription,
  type StoreChange,
  type StoredFileResult,
  storedSpecWarnings,
  type VerifyResult,
  validateSkill,
  verify,
} from "@skillshelf/skill-catalog";
import {
  type ImportChoices,
  type ImportOutcome,
  importSource,
  type ReadChoices,
} from "./import-flow.js";
import { type UpdateResult, updateSkills } from "./update.js";

/** What `list` shows: the catalog with bodies, records by id, the payload bound's use, and warnings. */
export type ShelfListing = {
  catalog: CatalogWithBodies;
  records: Map<string, InstallRecord>;
  payload: PayloadUse;
  warnings: Warning[];
};

/** The operations over one pair of roots. */
export type Shelf = {
  readonly roots: Roots;
  /** Where the managed skills are, for a sentence: a directory, or a store URL without its password. */
  readonly managedLocation: string;
  /** This tool as `name version`, kept in install records. */
  readonly tool: string;
  /**
   * What a source holds, and under which path; with `judge`, whether each
   * skill imports when read alone (the reader's rules, then the catalog's).
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
  verify(ids?: readonly string[]): Promise<VerifyResult>;
  list(): Promise<ShelfListing>;
  describe(
    id: string,
  ): Promise<{ ok: true; description: SkillDescription } | { ok: false; refusal: Refusal }>;
  readFile(id: string, path: string): Promise<StoredFileResult>;
  payload(): Promise<PayloadResult>;
  /** Writes `<dir>/skills.json` atomically. */
  writePayload(dir: string): Promise<MaterializeResult>;
  /** Keeps `<dir>/skills.json` current until `options.signal` aborts. */
  watchPayload(dir: string, options: WatchOptions): Promise<void>;
  remove(id: string): Promise<RemoveResult>;
  /** Hears every change of the managed store; returns the unsubscribe. */
  watch(listener: (change: StoreChange) => void): () => void;
  /** Whether the managed store could take a write now. */
  ready(): Promise<{ ok: true } | { ok: false; refusal: Refusal }>;
  limits: typeof limits;
  /** Releases the store (connections, listeners). */
  close(): Promise<void>;
};

/** The operations over `roots`, recording `tool` in every install. */
export function shelfOver(roots: Roots, tool: string): Shelf {
  const { managed } = roots;
  return {
    roots,
    managedLocation: managed?.location ?? "no managed store",
    tool,
    listSource: (source, choices = {}) =>
      listBundle(source, {
        ...pick(choices),
        ...(choices.judge === true ? { judge: validateSkill } : {}),
      }),
    check: (source, choices = {}) =>
      importSource(roots, source, { ...choices, dryRun: true, tool }),
    import: (source, choices = {}) =>
      importSource(roots, source, { ...choices, dryRun: false, tool }),
    update: (ids = [], options = {}) => updateSkills(roots, ids, { ...options, tool }),
    verify: (ids = []) => verify(roots, ids),
    list: async () => {
      const listed = await listSkills(roots);
      const warnings = listed.catalog.skills.flatMap((skill) => storedSpecWarnings(skill));
      return { ...listed, warnings };
    },
    describe: (id) => describeSkill(roots, id),
    readFile: (id, path) => readStoredFile(roots, id, path),
    payload: () => payload(roots),
    writePayload: (dir) => materialize(roots, dir),
    watchPayload: (dir, options) => watchPayload(roots, dir, options),
    remove: (id) => remove(roots, id),
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
