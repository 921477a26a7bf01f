// Zip bytes for the benchmarks: the bundle at the limits as Info-ZIP would
// write it (a deflated member per file, directory entries stored, Unix modes
// in the external attributes), and an overlapping zip bomb, where a thousand
// central records point at one local entry whose deflated zeros expand to
// 64 MiB each (64 GiB claimed in all, as in the "non-recursive" zip bombs).

import { crc32, deflateRawSync } from "node:zlib";

const MiB = 2 ** 20;

function localHeader(name, method, crc, compressed, size) {
  const out = Buffer.alloc(30);
  out.writeUInt32LE(0x04034b50, 0);
  out.writeUInt16LE(20, 4);
  out.writeUInt16LE(method, 8);
  out.writeUInt32LE(crc, 14);
  out.writeUInt32LE(compressed, 18);
  out.writeUInt32LE(size, 22);
  out.writeUInt16LE(name.length, 26);
  return Buffer.concat([out, name]);
}

function centralRecord(name, method, crc, compressed, size, mode, offset) {
  const out = Buffer.alloc(46);
  out.writeUInt32LE(0x02014b50, 0);
  out.writeUInt16LE((3 << 8) | 30, 4);
  out.writeUInt16LE(20, 6);
  out.writeUInt16LE(method, 10);
  out.writeUInt32LE(crc, 16);
  out.writeUInt32LE(compressed, 20);
  out.writeUInt32LE(size, 24);
  out.writeUInt16LE(name.length, 28);
  out.writeUInt32LE((mode << 16) >>> 0, 38);
  out.writeUInt32LE(offset, 42);
  return Buffer.concat([out, name]);
}

function endRecord(count, size, offset) {
  const out = Buffer.alloc(22);
  out.writeUInt32LE(0x06054b50, 0);
  out.writeUInt16LE(count, 8);
  out.writeUInt16LE(count, 10);
  out.writeUInt32LE(size, 12);
  out.writeUInt32LE(offset, 16);
  return out;
}

/** A zip of a bench entry list (see ./bundles.mjs). */
export function createZip(entries) {
  const parts = [];
  const central = [];
  let at = 0;
  for (const entry of entries) {
    const directory = entry.type === "directory";
    const name = Buffer.from(directory ? `${entry.path}/` : entry.path);
    const data = directory ? Buffer.alloc(0) : deflateRawSync(entry.bytes);
    const method = directory ? 0 : 8;
    const crc = directory ? 0 : crc32(entry.bytes);
    const size = directory ? 0 : entry.bytes.length;
    const mode = directory ? 0o040755 : 0o100000 | entry.mode;
    const header = localHeader(name, method, crc, data.length, size);
    central.push(centralRecord(name, method, crc, data.length, size, mode, at));
    parts.push(header, data);
    at += header.length + data.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endRecord(entries.length, directory.length, at)]);
}

/** One deflated 64 MiB of zeros behind a valid skill, named by `records` central records. */
export function createOverlapBomb(records = 1_000) {
  const skill = { name: Buffer.from("bomb/s/SKILL.md"), bytes: Buffer.from("# s\n") };
  const zeros = Buffer.alloc(64 * MiB);
  const kernel = deflateRawSync(zeros, { level: 9 });
  const kernelCrc = crc32(zeros);
  const name = Buffer.from("bomb/s/zeros.txt");
  const skillData = deflateRawSync(skill.bytes);
  const first = localHeader(
    skill.name,
    8,
    crc32(skill.bytes),
    skillData.length,
    skill.bytes.length,
  );
  const kernelAt = first.length + skillData.length;
  const kernelHeader = localHeader(name, 8, kernelCrc, kernel.length, zeros.length);
  const central = [
    centralRecord(
      skill.name,
      8,
      crc32(skill.bytes),
      skillData.length,
      skill.bytes.length,
      0o100644,
      0,
    ),
  ];
  for (let i = 0; i < records; i += 1) {
    central.push(
      centralRecord(name, 8, kernelCrc, kernel.length, zeros.length, 0o100644, kernelAt),
    );
  }
  const directoryAt = kernelAt + kernelHeader.length + kernel.length;
  const directory = Buffer.concat(central);
  return Buffer.concat([
    first,
    skillData,
    kernelHeader,
    kernel,
    directory,
    endRecord(central.length, directory.length, directoryAt),
  ]);
}
