// An archive as a bundle: the bytes are sniffed (gzip, zip or tar, never
// judged by name). A tar is gunzipped as it streams if need be, counted
// against the byte limit as it is produced, and fed to the tar reader; a zip
// is gathered whole (up to the archive limit) for the zip reader, whose
// directory is at its end. Members are read in memory and never extracted.
// Every way the bytes can fail (gzip damage, unreadable file, a limit) ends
// in exactly one refusal.

import { MAX_ARCHIVE_BYTES, MAX_BYTES } from "@skillshelf/contract";
import type { EntriesResult } from "../entries.js";
import { Ledger } from "../ledger.js";
import type { Reading } from "../reading.js";
import { wantedFor } from "../select.js";
import type { Refusal } from "../types.js";
import { chunksOfBytes, type Peeked, peek, UnreadableSource } from "./chunks.js";
import { CorruptGzip, gunzip } from "./gunzip.js";
import { looksLikeTar, looksLikeZip, sniffArchive } from "./sniff.js";
import { BLOCK } from "./tar-layout.js";
import { TarReader } from "./tar-reader.js";
import { readZipMembers } from "./zip.js";

export async function readArchive(
  chunks: AsyncIterable<Uint8Array>,
  name: string | undefined,
  reading: Reading,
): Promise<EntriesResult> {
  const outcome = await readMembers(chunks, reading);
  if (outcome instanceof Ledger) return outcome.finish(name);
  return { ok: false, refusal: outcome };
}

/** Archive bytes already in memory: a zip is read where it lies, without a copy. */
export async function readArchiveBytes(
  bytes: Uint8Array,
  name: string | undefined,
  reading: Reading,
): Promise<EntriesResult> {
  if (!looksLikeZip(bytes)) return readArchive(chunksOfBytes(bytes), name, reading);
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const outcome = await readZipMembers(zip, reading);
  if (outcome instanceof Ledger) return outcome.finish(name);
  return { ok: false, refusal: outcome };
}

async function readMembers(
  chunks: AsyncIterable<Uint8Array>,
  reading: Reading,
): Promise<Ledger | Refusal> {
  try {
    const given = await peek(chunks, BLOCK);
    const format = sniffArchive(given.head);
    if (format === undefined) return notAnArchive(given, "it is neither gzip, zip nor tar");
    if (format === "zip") return await gatherZip(given, reading);
    const tar = format === "gzip" ? await peek(gunzip(given.all), BLOCK) : given;
    if (!looksLikeTar(tar.head)) return notAnArchive(tar, "the gzip stream does not hold a tar");
    return await feed(tar.all, reading);
  } catch (error) {
    if (error instanceof UnreadableSource) return error.refusal;
    if (error instanceof CorruptGzip) return { code: "corrupt-archive", detail: error.message };
    throw error;
  }
}

async function notAnArchive(stream: Peeked, detail: string): Promise<Refusal> {
  await stream.close();
  return { code: "not-an-archive", detail };
}

/** A zip from a stream (a file): gathered whole, or refused once past the archive limit. */
async function gatherZip(stream: Peeked, reading: Reading): Promise<Ledger | Refusal> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream.all) {
    reading.check();
    total += chunk.length;
    if (total > MAX_ARCHIVE_BYTES) {
      return {
        code: "too-large",
        limit: MAX_BYTES,
        detail: "the zip file alone is larger than that",
      };
    }
    chunks.push(chunk);
  }
  return readZipMembers(Buffer.concat(chunks, total), reading);
}

/** Streams the tar bytes into the reader, stopping at the byte limit. */
async function feed(
  tarBytes: AsyncIterable<Uint8Array>,
  reading: Reading,
): Promise<Ledger | Refusal> {
  const ledger = new Ledger(false, wantedFor(reading.path));
  const tar = new TarReader(ledger);
  const untrack = reading.onCancel(() =>
    tar.stop({ code: "corrupt-archive", detail: "cancelled" }),
  );
  let total = 0;
  try {
    for await (const chunk of tarBytes) {
      reading.check();
      const room = MAX_BYTES - total;
      if (chunk.length > room) {
        tar.write(chunk.subarray(0, room));
        total = MAX_BYTES;
        tar.cut({ code: "too-large", limit: MAX_BYTES });
        break;
      }
      total += chunk.length;
      tar.write(chunk);
      reading.progress(total, ledger.entries);
      if (tar.settled) break;
    }
  } finally {
    untrack();
  }
  const refusal = tar.end();
  reading.progress(total, ledger.entries);
  reading.check();
  return refusal ?? ledger;
}
