// A real small file system that a test can fill: an ext4 image on a loop
// device (a directory there needs a block, as on any disk), else a tmpfs of
// the same size. Mounting needs root, so where it is not permitted the
// caller is told why and skips. Unmounted and removed when the test ends.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

export type SmallDisk = { dir: string; kind: "ext4" | "tmpfs" } | { skipped: string };

const quietly = (command: string, args: string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** Mounts a file system of `mebibytes` MiB; `skipped` says why none could be. */
export function mountSmallDisk(mebibytes: number): SmallDisk {
  const base = mkdtempSync(join(tmpdir(), "skillshelf-small-disk-"));
  const dir = join(base, "mnt");
  const image = join(base, "disk.img");
  execFileSync("mkdir", [dir]);
  const cleanUp = () => {
    quietly("umount", ["-l", dir]);
    rmSync(base, { recursive: true, force: true });
  };
  onTestFinished(cleanUp);
  // -m 0: no blocks reserved for root, so the disk is as full for this
  // process (which runs as root here) as for anyone.
  const ext4 =
    quietly("truncate", ["-s", `${mebibytes}M`, image]) &&
    quietly("mkfs.ext4", ["-q", "-F", "-m", "0", image]) &&
    quietly("mount", ["-o", "loop", image, dir]);
  if (ext4) return { dir, kind: "ext4" };
  if (quietly("mount", ["-t", "tmpfs", "-o", `size=${mebibytes}m`, "tmpfs", dir])) {
    return { dir, kind: "tmpfs" };
  }
  return { skipped: "mounting a small file system is not permitted here (it needs root)" };
}

/** Writes `path` until the file system refuses another byte. */
export function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  try {
    for (const size of [1 << 16, 1 << 12, 1 << 8, 1]) {
      const chunk = Buffer.alloc(size, 120);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}
