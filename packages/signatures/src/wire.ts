// Reads the SSH wire encoding (RFC 4251 section 5): big-endian uint32,
// length-prefixed strings and mpints. Every structure this package parses
// (the SSHSIG blob, public keys, the signatures inside) is made of these, so
// one bounded reader serves them all. It throws `WireError` on a short or
// oversized field; each parser catches it at its own boundary and turns it
// into a refusal, so nothing thrown here ever leaves the package.

/** A field that runs past the end of its buffer, or trailing bytes. */
export class WireError extends Error {}

/** A cursor over SSH wire bytes. */
export type WireReader = {
  readUint32(): number;
  readString(): Uint8Array;
  readText(): string;
  readRaw(length: number): Uint8Array;
  readMpint(): Uint8Array;
  atEnd(): boolean;
  expectEnd(what: string): void;
};

const decoder = new TextDecoder("utf-8", { fatal: true });

/** A reader over `bytes`, starting at offset 0. */
export function readWire(bytes: Uint8Array): WireReader {
  let offset = 0;
  const readRaw = (length: number): Uint8Array => {
    if (length > bytes.length - offset) {
      throw new WireError(`a field of ${length} bytes runs past the end`);
    }
    const out = bytes.subarray(offset, offset + length);
    offset += length;
    return out;
  };
  const readUint32 = (): number => {
    const raw = readRaw(4);
    return ((raw[0]! << 24) >>> 0) + (raw[1]! << 16) + (raw[2]! << 8) + raw[3]!;
  };
  const readString = (): Uint8Array => readRaw(readUint32());
  return {
    readUint32,
    readString,
    readRaw,
    readText(): string {
      try {
        return decoder.decode(readString());
      } catch (cause) {
        if (cause instanceof WireError) throw cause;
        throw new WireError("a name is not valid UTF-8");
      }
    },
    readMpint(): Uint8Array {
      const raw = readString();
      if (raw.length > 0 && (raw[0]! & 0x80) !== 0) throw new WireError("a negative integer");
      let start = 0;
      while (start < raw.length && raw[start] === 0) start++;
      return raw.subarray(start);
    },
    atEnd: () => offset === bytes.length,
    expectEnd(what: string): void {
      if (offset !== bytes.length) throw new WireError(`${what} has trailing bytes`);
    },
  };
}

/** `value` as an SSH string: uint32 length then the bytes. */
export function encodeString(value: Uint8Array | string): Uint8Array {
  const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}
