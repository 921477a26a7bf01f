// Strict reading of PAX extended-header records ("<length> <key>=<value>\n").
// tar-stream decodes them leniently (a bad record just ends the list), so the
// reader checks the raw records itself: a record that does not frame exactly,
// lacks '=', or gives a size that is not a decimal safe integer makes the
// archive corrupt. A path record is UTF-8 by definition; whether its bytes
// really are is reported so the path can be refused as not UTF-8. Any
// GNU.sparse.* record (the 0.0, 0.1 and 1.0 sparse forms all use them) marks
// the member sparse: its body is a sparse map, not the file's bytes.
import { isUtf8 } from "node:buffer";

export type PaxRecords = {
  /** The path record, decoded as UTF-8, and whether its bytes were valid UTF-8. */
  path?: { value: string; utf8: boolean };
  size?: number;
  sparse: boolean;
};

export type PaxCheck = ({ ok: true } & PaxRecords) | { ok: false; detail: string };

const SPACE = 0x20;
const NEWLINE = 0x0a;
const EQUALS = 0x3d;
const SPARSE = "GNU.sparse.";

export function checkPaxRecords(body: Uint8Array): PaxCheck {
  const found: PaxRecords = { sparse: false };
  let at = 0;
  while (at < body.length) {
    let digits = at;
    while (digits < body.length && body[digits]! >= 0x30 && body[digits]! <= 0x39) digits++;
    if (digits === at) {
      if (body.subarray(at).every((byte) => byte === 0)) break;
      return malformed("a record without a length");
    }
    const length = Number(latin1(body, at, digits));
    const end = at + length;
    if (
      body[digits] !== SPACE ||
      end > body.length ||
      end <= digits + 1 ||
      body[end - 1] !== NEWLINE
    ) {
      return malformed("a record whose length is wrong");
    }
    const record = body.subarray(digits + 1, end - 1);
    const equals = record.indexOf(EQUALS);
    if (equals <= 0) return malformed("a record without a key and '='");
    const key = latin1(record, 0, equals);
    const value = record.subarray(equals + 1);
    if (key === "path") {
      found.path = { value: view(value).toString("utf8"), utf8: isUtf8(value) };
    } else if (key === "size") {
      const text = view(value).toString("latin1");
      const size = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(size))
        return malformed(`a size that is not a safe integer (${text})`);
      found.size = size;
    } else if (key.startsWith(SPARSE)) found.sparse = true;
    at = end;
  }
  return { ok: true, ...found };
}

/** The bytes as a Buffer, without copying them. */
const view = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  view(bytes).toString("latin1", from, to);

function malformed(what: string): PaxCheck {
  return { ok: false, detail: `malformed PAX header: ${what}` };
}
