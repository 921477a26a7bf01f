// Install records as an attacker leaves them: a fifo, a link to /dev/zero, a
// file past the record cap, `null`, a record without its tree, another
// skill's record, a linked records directory. Each refuses only its own skill
// with `bad-record`, promptly (a fifo never stalls the read), and the other
// skills verify as usual; a linked records directory is never written or
// swept through.
import { execFileSync } from "node:child_process";
import { readdir, rename, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { install, MAX_RECORD_BYTES, remove, verify } from "../src/index.js";
import { bundleSkill, makeRoots, makeTempDir, skillText } from "./trees.js";

type Spoil = (record: string) => Promise<void>;

const cases: { name: string; spoil: Spoil; detail: RegExp }[] = [
  {
    name: "a fifo",
    spoil: async (record) => {
      await rm(record);
      execFileSync("mkfifo", [record]);
    },
    detail: /not a regular file/,
  },
  {
    name: "a link to /dev/zero",
    spoil: async (record) => {
      await rm(record);
      await symlink("/dev/zero", record);
    },
    detail: /is a link/,
  },
  {
    name: "a file past the cap",
    spoil: (record) => truncate(record, MAX_RECORD_BYTES + 1),
    detail: /more than the 16777216 bytes/,
  },
  { name: "null", spoil: (record) => writeFile(record, "null"), detail: /expected object/ },
  {
    name: "a record without its tree",
    spoil: (record) =>
      writeFile(record, JSON.stringify({ id: "spoilt", installedAt: "x", tool: "t" })),
    detail: /^tree: /,
  },
  { name: "not JSON", spoil: (record) => writeFile(record, "{"), detail: /not JSON/ },
  {
    name: "another skill's record",
    spoil: (record) => {
      const tree = { digest: "0".repeat(64), files: [] };
      return writeFile(record, JSON.stringify({ id: "fine", installedAt: "x", tool: "t", tree }));
    },
    detail: /record of 'fine'/,
  },
];

async function installedPair() {
  const roots = await makeRoots();
  const skills = ["spoilt", "fine"].map((id) => bundleSkill(id, { "SKILL.md": skillText(id) }));
  expect(await install(roots, skills, { tool: "test 1" })).toMatchObject({ ok: true });
  return roots;
}

describe("a spoilt install record", () => {
  it.each(cases)("$name refuses only its own skill, in verify", async ({ spoil, detail }) => {
    const roots = await installedPair();
    const dir = join(roots.managedDir, ".records");
    await spoil(join(dir, "spoilt.json"));
    const started = Date.now();
    const verified = await verify(roots);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(verified).toMatchObject({
      ok: true,
      skills: [
        { id: "fine", status: "unchanged" },
        {
          id: "spoilt",
          status: "bad-record",
          refusal: { code: "bad-record", skill: "spoilt", detail: expect.stringMatching(detail) },
        },
      ],
    });
  });
});

describe("a linked records directory", () => {
  it("is never read, written or swept through", async () => {
    const roots = await installedPair();
    const outside = await makeTempDir();
    const records = join(roots.managedDir, ".records");
    await rename(records, join(outside, "records"));
    await symlink(join(outside, "records"), records);
    expect(await verify(roots)).toMatchObject({
      ok: true,
      skills: [
        {
          id: "fine",
          status: "bad-record",
          refusal: { detail: expect.stringMatching(/is a link/) },
        },
        { id: "spoilt", status: "bad-record" },
      ],
    });
    const again = bundleSkill("third", { "SKILL.md": skillText("third") });
    expect(await install(roots, [again])).toMatchObject({
      ok: false,
      refusal: { code: "store-failed", detail: expect.stringMatching(/never written through/) },
    });
    expect(await remove(roots, "fine")).toEqual({ ok: true, id: "fine" });
    expect((await readdir(join(outside, "records"))).sort()).toEqual(["fine.json", "spoilt.json"]);
  });
});
