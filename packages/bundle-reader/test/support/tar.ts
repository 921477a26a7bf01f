// A tiny tar writer for tests: headers are written byte by byte, so a test
// can say what a normal packer never would (a directory with a body, a
// vendor type, a size that is not a number, a PAX record of its own making).
import { gzipSync } from "node:zlib";

const BLOCK = 512;

export type Member = {
  name: string;
  /** The typeflag character; "0" by default. */
  type?: string;
  body?: Uint8Array | string;
  /** The size the header claims; the body's length by default. */
  size?: number;
  mode?: number;
  linkname?: string;
  /** Raw bytes for the 12-byte size field, replacing the octal size. */
  sizeField?: Uint8Array;
  /** Raw name bytes, for names that are not UTF-8. */
  rawName?: Uint8Array;
  /** PAX records to put in an 'x' header before this member. */
  pax?: Record<string, string>;
  /** A raw PAX body, used as is. */
  paxBody?: Uint8Array | string;
};

const bytesOf = (value: Uint8Array | string): Uint8Array =>
  typeof value === "string" ? Buffer.from(value) : value;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

export function header(member: Member): Uint8Array {
  const block = Buffer.alloc(BLOCK);
  const body = bytesOf(member.body ?? "");
  block.set(member.rawName ?? Buffer.from(member.name), 0);
  block.write(octal(member.mode ?? 0o644, 8), 100, "latin1");
  block.write(octal(0, 8), 108, "latin1");
  block.write(octal(0, 8), 116, "latin1");
  if (member.sizeField !== undefined) block.set(member.sizeField, 124);
  else block.write(octal(member.size ?? body.length, 12), 124, "latin1");
  block.write(octal(0, 12), 136, "latin1");
  block.write(member.type ?? "0", 156, "latin1");
  if (member.linkname !== undefined) block.write(member.linkname, 157, "latin1");
  block.write("ustar\u000000", 257, "latin1");
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return block;
}

function padded(bytes: Uint8Array): Uint8Array {
  const out = Buffer.alloc(Math.ceil(bytes.length / BLOCK) * BLOCK);
  out.set(bytes);
  return out;
}

export function paxRecords(records: Record<string, string>): Uint8Array {
  let text = "";
  for (const [key, value] of Object.entries(records)) {
    const rest = ` ${key}=${value}\n`;
    let length = Buffer.byteLength(rest) + 1;
    while (String(length).length + Buffer.byteLength(rest) !== length) length++;
    text += `${length}${rest}`;
  }
  return Buffer.from(text);
}

/** One member: its optional PAX header, its header and its padded body. */
export function member(m: Member): Uint8Array {
  const parts: Uint8Array[] = [];
  if (m.pax !== undefined || m.paxBody !== undefined) {
    const records = m.paxBody === undefined ? paxRecords(m.pax!) : bytesOf(m.paxBody);
    parts.push(header({ name: "PaxHeader", type: "x", body: records }), padded(records));
  }
  parts.push(header(m), padded(bytesOf(m.body ?? "")));
  return Buffer.concat(parts);
}

export const END: Uint8Array = Buffer.alloc(2 * BLOCK);

/** A whole archive: the members and the end-of-archive marker. */
export function tar(...members: Member[]): Buffer {
  return Buffer.concat([...members.map(member), END]);
}

export function tgz(...members: Member[]): Buffer {
  return gzipSync(tar(...members));
}

/** A well-formed skill directory's members. */
export function skillMembers(dir: string, extra: Member[] = []): Member[] {
  return [
    { name: `${dir}/`, type: "5", mode: 0o755 },
    { name: `${dir}/SKILL.md`, body: `# ${dir.split("/").pop()}\n` },
    ...extra,
  ];
}
