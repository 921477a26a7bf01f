// A browser directory selection: each file arrives with its client-relative
// path (which begins with the chosen folder's name) and its bytes. The count
// and the sum of lengths are checked before any content is looked at; no
// upload carries a mode, so nothing from one is executable.
import { Ledger } from "../ledger.js";
import { MAX_BYTES, MAX_ENTRIES } from "../limits.js";
import type { Reading } from "../reading.js";
import type { ReadResult, UploadFile } from "../types.js";

export function readUploads(files: readonly UploadFile[], reading: Reading): ReadResult {
  if (files.length > MAX_ENTRIES) {
    return { ok: false, refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
  }
  let total = 0;
  for (const file of files) total += file.bytes.length;
  if (total > MAX_BYTES) return { ok: false, refusal: { code: "too-large", limit: MAX_BYTES } };
  const ledger = new Ledger(true);
  for (const file of files) {
    const admission = ledger.admit({ raw: file.path, kind: "file", size: file.bytes.length });
    if (admission.kind === "refused") return { ok: false, refusal: admission.refusal };
    if (admission.kind === "file") ledger.fill(admission.slot, file.bytes, false);
  }
  reading.progress(total, files.length);
  return ledger.finish(undefined);
}
