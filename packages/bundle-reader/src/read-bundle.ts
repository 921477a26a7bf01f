// Placeholder until the reader lands: refuses everything as unreadable.
import type { ReadOptions, ReadResult, Source } from "./types.js";

export async function readBundle(_source: Source, _options: ReadOptions = {}): Promise<ReadResult> {
  return { ok: false, refusal: { code: "unreadable-source", detail: "reader not built yet" } };
}
