// Gzip bombs built cheaply: a small gzip member repeated many times expands
// to far more than it costs to build (gunzip reads concatenated members as
// one stream), so a 1 GiB expansion is a few hundred kilobytes in memory.
import { gzipSync } from "node:zlib";
import { tar } from "./tar.js";

const MIB = 1024 * 1024;

/** A valid skill archive's start followed by `mib` MiB of zeros, gzipped. */
export function zeroBomb(mib: number): Buffer {
  const start = tar({ name: "b/s/SKILL.md", body: "# s\n" }).subarray(0, 1024);
  const zeros = gzipSync(Buffer.alloc(16 * MIB), { level: 9 });
  return Buffer.concat([gzipSync(start), ...Array<Buffer>(Math.ceil(mib / 16)).fill(zeros)]);
}
