// The caps an import request is held to, all derived from the reader's
// `limits()` so the server never refuses what the reader would accept, and
// never buffers much more than the reader would read:
// - a raw archive body may be at most the reader's `maxArchiveBytes()`: a zip
//   holds headers beside its members, and is read whole, so the reader says
//   how large an archive it takes; a gzip'd tar within the limits is smaller;
// - a form may carry at most `maxEntries` files and as many path fields,
//   at most `maxBytes` of file content, and the whole form at most
//   `maxBytes` plus 4 KiB of framing per entry;
// - a path field longer than four times the contract's path limit
//   (`MAX_PATH_BYTES`, 4,096 bytes) is never read whole.
import { limits, MAX_PATH_BYTES, maxArchiveBytes } from "@skillshelf/contract";

/** Room for one form part's boundary, headers and path field beside its content. */
const FRAMING_BYTES_PER_ENTRY = 4 * 1024;

export type ImportCaps = {
  /** Largest raw archive body, in bytes. */
  maxArchiveBodyBytes: number;
  /** Largest multipart body, in bytes, framing included. */
  maxFormBodyBytes: number;
  /** Most file parts in a form. */
  maxFormFiles: number;
  /** Most bytes of file content in a form. */
  maxFormFileBytes: number;
  /** Longest path field, in bytes. */
  maxPathFieldBytes: number;
  /** Imports served at once; more are answered 503 with Retry-After. */
  maxConcurrentImports: number;
};

/** The caps for a server running `concurrentImports` imports at most. */
export function importCaps(concurrentImports: number): ImportCaps {
  const { maxBytes, maxEntries } = limits();
  return {
    maxArchiveBodyBytes: maxArchiveBytes(),
    maxFormBodyBytes: maxBytes + maxEntries * FRAMING_BYTES_PER_ENTRY,
    maxFormFiles: maxEntries,
    maxFormFileBytes: maxBytes,
    maxPathFieldBytes: 4 * MAX_PATH_BYTES,
    maxConcurrentImports: concurrentImports,
  };
}
