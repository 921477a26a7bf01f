// Writers of one process take the managed root's lock in the order they
// asked for it, even while another process holds the file: only the head of
// the line polls, so a release goes to the writer that has waited longest.
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { acquireLock } from "../src/lock.js";
import { makeRoots } from "./trees.js";

it("hands the lock to waiters in arrival order once another owner releases it", async () => {
  const managed = (await makeRoots()).managedDir;
  await mkdir(managed, { recursive: true });
  // Held as a live process on this host would hold it: never broken, only waited for.
  const owner = { pid: process.pid, host: hostname(), boot: "", token: "held-by-the-test" };
  await writeFile(join(managed, ".lock"), JSON.stringify(owner));

  const order: number[] = [];
  const writers = Array.from({ length: 6 }, async (_, n) => {
    await sleep(n * 5);
    const release = await acquireLock(managed, { wait: true });
    order.push(n);
    await sleep(1);
    await release!();
  });
  await sleep(100);
  expect(order).toEqual([]);
  // Another writer of this process that will not wait finds the line occupied.
  expect(await acquireLock(managed, { wait: false })).toBeUndefined();

  await unlink(join(managed, ".lock"));
  await Promise.all(writers);
  expect(order).toEqual([0, 1, 2, 3, 4, 5]);

  // The line is empty again: the next writer takes the lock at once.
  const release = await acquireLock(managed, { wait: false });
  expect(release).toBeDefined();
  await release!();
});

it("lets the next writer go when a waiter fails", async () => {
  const managed = (await makeRoots()).managedDir;
  await mkdir(managed, { recursive: true });
  const owner = { pid: process.pid, host: hostname(), boot: "", token: "held" };
  await writeFile(join(managed, ".lock"), JSON.stringify(owner));
  const first = acquireLock(managed, { wait: true, timeoutMs: 50 });
  const second = acquireLock(managed, { wait: true, timeoutMs: 10_000 });
  await expect(first).rejects.toThrow(/stayed locked/);
  await unlink(join(managed, ".lock"));
  const release = await second;
  expect(release).toBeDefined();
  await release!();
});
