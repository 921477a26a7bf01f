// A browser directory selection: each file arrives with its client-relative
// path (which begins with the chosen folder's name) and its bytes. The count
// and the sum of lengths are checked before any content is looked at; no
// upload carries a mode, so nothing from one is executable. A path may come
// as the bytes a client sent: whether they are UTF-8 is the path rule's to
// judge (`unsafe-path`, why `not-utf8`), as for an archive member's name.
import { isUtf8 } from "node:buffer";
import { MAX_BYTES, MAX_ENTRIES } from "@skillshelf/contract";
import type { EntriesResult } from "../entries.js";
import { Ledger } from "../ledger.js";
import type { Reading } from "../reading.js";
import { wantedFor } from "../select.js";
import type { UploadFile } from "../types.js";

/** The path as text, and whether the bytes it was given as were valid UTF-8. */
function pathOf(path: string | Uint8Array): { raw: string; utf8: boolean } {
  if (typeof path === "string") return { raw: path, utf8: true };
  const bytes = Buffer.from(path.buffer, path.byteOffset, path.length);
  return { raw: bytes.toString("utf8"), utf8: isUtf8(bytes) };
}

export function readUploads(files: readonly UploadFile[], reading: Reading): EntriesResult {
  if (files.length > MAX_ENTRIES) {
    return { ok: false, refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
  }
  let total = 0;
  for (const file of files) total += file.bytes.length;
  if (total > MAX_BYTES) return { ok: false, refusal: { code: "too-large", limit: MAX_BYTES } };
  const ledger = new Ledger(true, wantedFor(reading.path));
  for (const file of files) {
    const admission = ledger.admit({ ...pathOf(file.path), kind: "file", size: file.bytes.length });
    if (admission.kind === "refused") return { ok: false, refusal: admission.refusal };
    if (admission.kind === "file") ledger.fill(admission.slot, file.bytes, false);
  }
  reading.progress(total, files.length);
  return ledger.finish(undefined);
}
