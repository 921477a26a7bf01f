// Counts and times fsync calls made by code under test, or turns them into
// no-ops, by wrapping node:fs (callback, sync and FileHandle forms) in this
// process. The catalog's install is measured twice, with and without real
// fsync, to give the share of its wall time that durability costs; the
// summed call times are reported too (calls in flight together overlap, so
// that sum can exceed the wall time they actually cost).

import fs from "node:fs";
import { open, rm } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const CALLBACK_NAMES = ["fsync", "fdatasync"];
const SYNC_NAMES = ["fsyncSync", "fdatasyncSync"];
const HANDLE_NAMES = ["sync", "datasync"];

async function findHandlePrototype(scratchDir) {
  const path = join(scratchDir, ".fsync-probe");
  const handle = await open(path, "w");
  const prototype = Object.getPrototypeOf(handle);
  await handle.close();
  await rm(path, { force: true });
  return prototype;
}

/**
 * Wraps every fsync form. With `skip`, the calls return at once without
 * syncing. Returns { stats: { calls, ms }, restore() }.
 */
export async function probeFsync(scratchDir, { skip }) {
  const stats = { calls: 0, ms: 0 };
  const handlePrototype = await findHandlePrototype(scratchDir);
  const originals = [];
  const replace = (target, name, wrapper) => {
    originals.push([target, name, target[name]]);
    target[name] = wrapper(target[name]);
  };
  for (const name of CALLBACK_NAMES) {
    replace(fs, name, (original) => (fd, callback) => {
      stats.calls += 1;
      if (skip) return process.nextTick(callback, null);
      const start = performance.now();
      return original(fd, (error) => {
        stats.ms += performance.now() - start;
        callback(error);
      });
    });
  }
  for (const name of SYNC_NAMES) {
    replace(fs, name, (original) => (fd) => {
      stats.calls += 1;
      if (skip) return undefined;
      const start = performance.now();
      original(fd);
      stats.ms += performance.now() - start;
    });
  }
  for (const name of HANDLE_NAMES) {
    replace(
      handlePrototype,
      name,
      (original) =>
        async function wrapped() {
          stats.calls += 1;
          if (skip) return undefined;
          const start = performance.now();
          try {
            return await original.call(this);
          } finally {
            stats.ms += performance.now() - start;
          }
        },
    );
  }
  syncBuiltinESMExports();
  return {
    stats,
    restore() {
      for (const [target, name, original] of originals.reverse()) target[name] = original;
      syncBuiltinESMExports();
    },
  };
}
