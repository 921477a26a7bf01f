// One import's source: the parsed body turned into the reader's source. The
// import itself is the shelf's flow (read, record, check or install,
// summarize), the same the CLI runs. An archive's bytes are taken out of
// the body here, so once the shelf has read and hashed them nothing holds
// them: an import waiting for the store's lock holds the files it read, not
// the archive they came from as well.
import type { FindingCode, Source } from "@skillshelf/bundle-reader";
import type { ParsedBody } from "./parsed-body.js";

export type ImportOptions = {
  replace: boolean;
  dryRun: boolean;
  /** A specification warning refuses the bundle (spec-violation). */
  strict: boolean;
  /** Only list what the source holds, each skill judged alone; nothing is stored. */
  list: boolean;
  /** The directory of the source taken as the bundle's root. */
  path: string | undefined;
  /** Keep only these skills. */
  skills: string[] | undefined;
  /** Leave these skills out, unjudged. */
  skip: string[] | undefined;
  name: string | undefined;
  /** Finding codes that do not refuse this import. */
  accept: FindingCode[] | undefined;
};

type ReadBody = Extract<ParsedBody, { ok: true }>;

/** The reader's source for a parsed body; an archive's bytes are taken from the body. */
export function sourceOf(body: ReadBody, name: string | undefined): Source {
  if (body.kind === "uploads") return { kind: "uploads", files: body.files };
  const bytes = body.bytes.take();
  return name === undefined ? { kind: "archive", bytes } : { kind: "archive", bytes, name };
}
