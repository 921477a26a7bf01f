// Deep folders: the reader hands the system paths from the nearest directory
// handle it holds, so a tree hundreds of levels deep costs no more per call
// than a shallow one, paths longer on disk than the system allows are still
// read, links deep down are still refused, and every handle is let go. The
// calls are watched in place (their paths, the handles opened and closed), a
// measure that does not depend on how busy the machine is.
import { appendFileSync, renameSync, writeFileSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lstatOf, readExpectedFile } from "../src/sources/fs-calls.js";
import { scratch } from "./support/folder.js";
import { readPathOf, refusalOf, shapeOf } from "./support/read.js";

const require = createRequire(import.meta.url);
const fs = require("node:fs") as Record<string, (...args: unknown[]) => unknown>;

type Watched = { longest: number; opened: Set<number>; closed: Set<number> };

/** Runs `read` recording the most components of any path handed to the system and the handles opened and closed. */
async function watched<T>(read: () => Promise<T>): Promise<{ result: T; seen: Watched }> {
  const seen: Watched = { longest: 0, opened: new Set(), closed: new Set() };
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const name of ["lstatSync", "readdirSync", "openSync", "closeSync"]) {
    const original = fs[name]!;
    originals.set(name, original);
    fs[name] = (...args: unknown[]) => {
      if (typeof args[0] === "string") {
        seen.longest = Math.max(seen.longest, args[0].split("/").length - 1);
      }
      const value = original(...args);
      if (name === "openSync") seen.opened.add(value as number);
      if (name === "closeSync") seen.closed.add(args[0] as number);
      return value;
    };
  }
  syncBuiltinESMExports();
  try {
    return { result: await read(), seen };
  } finally {
    for (const [name, original] of originals) fs[name] = original;
    syncBuiltinESMExports();
  }
}

/** A skill `deep` whose files sit along a chain of `depth` directories. */
async function deepFolder(depth: number): Promise<{ root: string; files: string[] }> {
  const root = join(await scratch(), "deep");
  const files = ["SKILL.md"];
  let dir = "";
  for (let level = 0; level < depth; level++) {
    dir += "d/";
    files.push(`${dir}f.md`);
  }
  await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, "SKILL.md"), "# deep\n");
  for (const file of files.slice(1)) await writeFile(join(root, file), "x\n");
  return { root, files: files.sort() };
}

const linux = process.platform === "linux";

describe("a deep folder", () => {
  it.runIf(linux)(
    "is read 300 levels deep from handles: no path handed to the system has more than 40 components, and every handle is let go",
    async () => {
      const { root, files } = await deepFolder(300);
      const { result, seen } = await watched(() => readPathOf(root));
      expect(shapeOf(result)).toEqual({ deep: files });
      expect(seen.longest).toBeLessThanOrEqual(40);
      expect([...seen.opened].filter((fd) => !seen.closed.has(fd))).toEqual([]);
    },
  );

  it("refuses a link 300 levels down, and lets every handle go", async () => {
    const { root } = await deepFolder(300);
    const below = `${"d/".repeat(300)}link.md`;
    await symlink("f.md", join(root, below));
    const { result, seen } = await watched(() => readPathOf(root));
    expect(refusalOf(result)).toMatchObject({ code: "link", path: `deep/${below}` });
    expect([...seen.opened].filter((fd) => !seen.closed.has(fd))).toEqual([]);
  });

  it.runIf(linux)("reads files whose paths on disk are longer than the system allows", async () => {
    // Twenty levels of 200-byte names: within the bundle's 4,096 bytes, and
    // past PATH_MAX once moved below a 200-byte directory (a rename moves
    // what no path could reach; it is moved back so it can be removed).
    const segment = "s".repeat(200);
    const base = await scratch();
    const made = join(base, "deep");
    await mkdir(join(made, ...Array(20).fill(segment)), { recursive: true });
    writeFileSync(join(made, "SKILL.md"), "# deep\n");
    for (let level = 1; level <= 20; level++) {
      writeFileSync(join(made, ...Array(level).fill(segment), "f.md"), "x\n");
    }
    const root = join(base, "p".repeat(200), "deep");
    await mkdir(join(root, ".."));
    renameSync(made, root);
    try {
      const files = shapeOf(await readPathOf(root)).deep!;
      expect(files).toHaveLength(21);
      expect(Buffer.byteLength(`${root}/${files.at(-1)}`)).toBeGreaterThan(4096);
    } finally {
      renameSync(root, made);
    }
  });
});

describe("reading a file lstat described", () => {
  it("refuses one replaced since by another of the same size", async () => {
    const dir = await scratch();
    const path = join(dir, "a.md");
    writeFileSync(path, "one\n");
    const described = lstatOf(path);
    if (!described.ok) expect.fail(described.error.message);
    writeFileSync(join(dir, "b.md"), "two\n");
    renameSync(join(dir, "b.md"), path);
    const read = readExpectedFile(path, described.value);
    expect(read.ok ? "read" : read.error.code).toBe("ECHANGED");
  });

  it("refuses one that grew since", async () => {
    const path = join(await scratch(), "a.md");
    writeFileSync(path, "one\n");
    const described = lstatOf(path);
    if (!described.ok) expect.fail(described.error.message);
    appendFileSync(path, "more\n");
    const read = readExpectedFile(path, described.value);
    expect(read.ok ? "read" : read.error.code).toBe("ECHANGED");
  });

  it("reads one unchanged, exactly", async () => {
    const path = join(await scratch(), "a.md");
    writeFileSync(path, "one\n");
    const described = lstatOf(path);
    if (!described.ok) expect.fail(described.error.message);
    const read = readExpectedFile(path, described.value);
    expect(read.ok ? read.value.toString() : read.error.code).toBe("one\n");
  });
});
