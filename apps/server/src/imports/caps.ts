// The caps an import request is held to, all derived from the reader's
// `limits()` so the server never refuses what the reader would accept, and
// never buffers much more than the reader would read:
// - a raw archive body may be at most the reader's `maxArchiveBytes()`: a zip
//   holds headers beside its members, and is read whole, so the reader says
//   how large an archive it takes; a gzip'd tar within the limits is smaller;
// - a form may carry at most `maxEntries` files and as many path fields,
//   at most `maxBytes` of file content, and the whole form at most
//   `maxBytes` plus 4 KiB of framing per entry;
// - a path field longer than four times the reader's 4,096-byte path limit
//   is never read whole.

import { limits, maxArchiveBytes } from "@skillshelf/bundle-reader";

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
    maxFormBodyBytes: maxBytes + maxEntries * 4096,
    maxFormFiles: maxEntries,
    maxFormFileBytes: maxBytes,
    maxPathFieldBytes: 4 * 4096,
    maxConcurrentImports: concurrentImports,
  };
}
