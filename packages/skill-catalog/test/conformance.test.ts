// Every conformance case the reader accepts is a bundle the store must hold
// exactly as written: install it into an empty managed root, then the catalog
// offers each skill, and every file on disk has the bytes and mode it was read
// with. The CLI and server suites rely on this (their check is read, then
// destination), so a case that the destination would refuse fails here first.
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { archiveSourceOf, buildInput, type Case, cases, formsOf } from "@skillshelf/conformance";
import { expect, it } from "vitest";
import { catalog, install } from "../src/index.js";
import { directoryRoots, makeTempDir } from "./trees.js";

/** Cases of thousands of entries are covered by the reader's suites; here they only cost time. */
const isLight = (c: Case): boolean => c.entries.length <= 1_000;
const storable = cases.filter((c) => c.verdict.ok && isLight(c) && formsOf(c).includes("tar"));

it.each(storable.map((c) => ({ name: c.name, case: c })))(
  "$name: installs exactly as read",
  async ({ case: c }) => {
    const input = await buildInput(c, "tar", await makeTempDir());
    const read = await readBundle(archiveSourceOf(input), c.options);
    if (!read.ok) throw new Error(`the reader refused an accepted case: ${read.refusal.code}`);

    const data = await makeTempDir();
    const roots = directoryRoots(join(data, "none"), join(data, "skills"));
    const installed = await install(roots, read.skills);
    expect(installed).toMatchObject({ ok: true });

    const offered = await catalog(roots);
    expect(offered.refused).toEqual([]);
    expect(offered.skills.map((s) => s.id)).toEqual(read.skills.map((s) => s.name).sort());
    for (const skill of read.skills) {
      for (const file of skill.files) {
        const onDisk = join(roots.managedDir, skill.name, file.path);
        expect(await readFile(onDisk, "utf8")).toBe(file.text);
        expect((await stat(onDisk)).mode & 0o7777).toBe(file.executable ? 0o755 : 0o644);
      }
    }
  },
);
