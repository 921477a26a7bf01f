// A read must cost work linear in entries plus bytes, whatever the depth: a
// tree 2,000 levels deep once cost time quadratic in its depth, because the
// directories a path implies were found by hashing every prefix of it, once
// per level. Timing would depend on how busy the machine is, so this counts
// work instead: the length of every string used as a key of a Map or a Set
// while the read runs (hashing a key costs its length), per byte of the
// source's paths, for a tree four times deeper. Linear code does the same
// work per byte at both depths; the quadratic step did four times as much.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeTempDir } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { readBundle } from "../src/index.js";
import type { ReadResult, Source } from "../src/types.js";
import { type Member, tar } from "./support/tar.js";

const FILES_PER_LEVEL = 4;

/** A skill whose files sit along a chain of `depth` directories. */
function deepTree(depth: number): { dirs: string[]; files: string[] } {
  const dirs = ["deep"];
  const files = ["deep/SKILL.md"];
  let dir = "deep";
  for (let level = 0; level < depth; level++) {
    dir += "/d";
    dirs.push(dir);
    for (let i = 0; i < FILES_PER_LEVEL; i++) files.push(`${dir}/f${i}.md`);
  }
  return { dirs, files };
}

const body = (path: string): string => (path.endsWith("SKILL.md") ? "# deep\n" : "x\n");

async function sourceOf(form: "tar" | "uploads" | "folder", depth: number): Promise<Source> {
  const { dirs, files } = deepTree(depth);
  if (form === "uploads") {
    return {
      kind: "uploads",
      files: files.map((path) => ({ path, bytes: Buffer.from(body(path)) })),
    };
  }
  if (form === "tar") {
    const members: Member[] = [];
    for (const dir of dirs) members.push({ name: "dir", type: "5", pax: { path: `${dir}/` } });
    for (const path of files) members.push({ name: "file", body: body(path), pax: { path } });
    return { kind: "archive", bytes: tar(...members), name: "deep.tar" };
  }
  const root = makeTempDir();
  await mkdir(join(root, dirs.at(-1)!), { recursive: true });
  for (const path of files) await writeFile(join(root, path), body(path));
  return { kind: "path", path: join(root, "deep") };
}

/** Runs `read` and sums the lengths of the string keys it hands to Maps and Sets. */
async function keyWork(
  read: () => Promise<ReadResult>,
): Promise<{ result: ReadResult; work: number }> {
  let work = 0;
  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const prototypes = [Map.prototype, Set.prototype] as unknown as Record<string, Method>[];
  const names = [
    ["get", "set", "has"],
    ["has", "add"],
  ];
  const restore: (() => void)[] = [];
  prototypes.forEach((proto, i) => {
    for (const name of names[i]!) {
      const original = proto[name]!;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        if (typeof args[0] === "string") work += args[0].length;
        return original.apply(this, args);
      };
      restore.push(() => {
        proto[name] = original;
      });
    }
  });
  try {
    return { result: await read(), work };
  } finally {
    for (const undo of restore) undo();
  }
}

const pathBytes = (depth: number): number => {
  const { dirs, files } = deepTree(depth);
  return [...dirs, ...files].reduce((sum, path) => sum + path.length, 0);
};

describe("cost linear in entries plus bytes", () => {
  it.each(["uploads", "tar", "folder"] as const)(
    "a %s four times deeper costs the same work per byte of its paths",
    async (form) => {
      const perByte = async (depth: number): Promise<number> => {
        const source = await sourceOf(form, depth);
        const { result, work } = await keyWork(() => readBundle(source));
        expect(result.ok).toBe(true);
        return work / pathBytes(depth);
      };
      const shallow = await perByte(100);
      const deep = await perByte(400);
      // Linear: about 1. The quadratic step made it about 4.
      expect(deep / shallow).toBeLessThan(2);
    },
  );
});
