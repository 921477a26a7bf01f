// A minimal ustar writer for benchmark inputs. It emits fixed modes, owners
// and times so that the same entry list always yields the same bytes, and it
// is synchronous so generators stay simple. Only what the inputs need:
// regular files and directories with paths that fit the ustar name field.

const BLOCK = 512;

function writeOctal(header, offset, length, value) {
  const text = value.toString(8).padStart(length - 1, "0");
  header.write(`${text}\0`, offset, length, "ascii");
}

function splitName(path) {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: "" };
  const cut = path.lastIndexOf("/", 155);
  if (cut <= 0 || Buffer.byteLength(path.slice(cut + 1)) > 100) {
    throw new Error(`path too long for ustar: ${path}`);
  }
  return { name: path.slice(cut + 1), prefix: path.slice(0, cut) };
}

/** Returns the 512-byte ustar header of one entry. */
export function createHeader({ path, type, size, mode }) {
  const header = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  header.write(name, 0, 100, "utf8");
  writeOctal(header, 100, 8, mode ?? (type === "directory" ? 0o755 : 0o644));
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, 1_700_000_000);
  header.fill(0x20, 148, 156);
  header.write(type === "directory" ? "5" : "0", 156, 1, "ascii");
  header.write("ustar\u000000", 257, 8, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  writeOctal(header, 148, 7, sum);
  header[155] = 0x20;
  return header;
}

/** Returns the bytes of a tar holding `entries` ({ path, type, bytes?, mode? }). */
export function createTar(entries) {
  const chunks = [];
  for (const entry of entries) {
    const size = entry.type === "directory" ? 0 : entry.bytes.length;
    chunks.push(createHeader({ ...entry, size }));
    if (size > 0) {
      chunks.push(entry.bytes);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad > 0) chunks.push(Buffer.alloc(pad));
    }
  }
  chunks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(chunks);
}

/** Returns how many bytes the tar of `entries` takes, headers and padding included. */
export function measureTar(entries) {
  let total = BLOCK * 2;
  for (const entry of entries) {
    const size = entry.type === "directory" ? 0 : entry.bytes.length;
    total += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return total;
}
