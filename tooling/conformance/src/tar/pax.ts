// PAX extended header records ("<len> <key>=<value>\n", where len counts the
// whole record including its own digits). Long paths, long link targets and
// the cases' extra records all travel this way.

import { concat } from "../entry-paths.js";

const encoder = new TextEncoder();

/** One PAX record; its length prefix counts itself. */
export function paxRecord(key: string, value: string): Uint8Array {
  const body = encoder.encode(` ${key}=${value}\n`);
  let length = body.length + 1;
  while (String(length).length + body.length > length) length++;
  return encoder.encode(`${length}${new TextDecoder().decode(body)}`);
}

export function paxBody(records: Record<string, string>): Uint8Array {
  return concat(Object.entries(records).map(([key, value]) => paxRecord(key, value)));
}
