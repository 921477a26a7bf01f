// @module-tag heavy
// The archives people really hold, dropped on the console in headless
// Chromium against a real server, each made by the real tool: a `.skill`
// written as Anthropic's package_skill.py writes it (Python's zipfile), a
// Finder-style Info-ZIP zip with `__MACOSX/` and `.DS_Store`, and a skills
// repository as `git archive --format=zip` gives it, bare and with GitHub's
// `repo-main/` wrapper. The collections need a `path` (a README and a link
// lie beside `skills/`): the console lists them, offers their skills ticked,
// and imports what is ticked. Every tool runs for real; one missing fails.
import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitTree, packageSkill, writeTree } from "@skillshelf/test-utils";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium } from "./support/chromium.js";
import { dropFile, openConsole, patience } from "./support/console-page.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let work: string;
let repo: string | undefined;

const skillText = (id: string): string =>
  `---\nname: ${id}\ndescription: Does ${id} when asked.\n---\n# ${id}\n`;

const run = (command: string, args: string[], cwd: string): void => {
  execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
};

/** The managed skills the server's catalog lists. */
async function managedIds(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/skills`, { headers: server.auth });
  const { skills } = (await bodyOf(response)) as { skills: { id: string; origin: string }[] };
  return skills.filter((skill) => skill.origin === "managed").map((skill) => skill.id);
}

/** Removes every managed skill, so each archive starts from an empty store. */
async function emptyStore(): Promise<void> {
  for (const id of await managedIds()) {
    await fetch(`${server.url}/api/skills/${id}`, { method: "DELETE", headers: server.auth });
  }
}

/** A repository whose skills sit under skills/, beside a README and a CLAUDE.md link. */
async function repository(): Promise<string> {
  const repo = join(work, "repo");
  writeTree(repo, {
    "README.md": "# skills\n",
    "AGENTS.md": "Agents read this.\n",
    "skills/alpha/SKILL.md": skillText("alpha"),
    "skills/alpha/scripts/run.sh": "#!/bin/sh\necho alpha\n",
    "skills/bravo/SKILL.md": skillText("bravo"),
  });
  await chmod(join(repo, "skills/alpha/scripts/run.sh"), 0o755);
  await symlink("AGENTS.md", join(repo, "CLAUDE.md"));
  commitTree(repo);
  return repo;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "skillshelf-real-zips-"));
  server = await startServer();
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe.sequential("real archives dropped on the console", () => {
  it("a .skill file as Anthropic's packager writes it imports its one skill", async () => {
    const dir = join(work, "packager");
    writeTree(dir, {
      "pdf-tools/SKILL.md": skillText("pdf-tools"),
      "pdf-tools/reference/notes.md": "Notes.\n",
    });
    packageSkill(dir, "pdf-tools");
    await dropFile(page, "pdf-tools.skill", await readFile(join(dir, "pdf-tools.skill")));
    await expect.poll(managedIds, patience).toEqual(["pdf-tools"]);
    // The list can show the skill (from the change feed) before the answer is rendered.
    await expect
      .poll(() => page.locator("#outcome").textContent(), patience)
      .toContain("Imported 1 skill.");
  });

  it("a Finder-style zip with __MACOSX/ imports the skill alone", async () => {
    await emptyStore();
    const dir = join(work, "finder");
    writeTree(dir, {
      "notes/SKILL.md": skillText("notes"),
      "notes/.DS_Store": Uint8Array.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0xff]),
      "__MACOSX/notes/._SKILL.md": Uint8Array.from([0, 5, 0x16, 7, 0, 2, 0xff, 0xfe]),
      "__MACOSX/._notes": Uint8Array.from([0, 5, 0x16, 7, 0xff]),
    });
    run("zip", ["-q", "-r", "notes.zip", "notes", "__MACOSX"], dir);
    await dropFile(page, "notes.zip", await readFile(join(dir, "notes.zip")));
    await expect.poll(managedIds, patience).toEqual(["notes"]);
  });

  it.each([
    ["git archive --format=zip", [] as string[]],
    ["a GitHub-style zip (git archive --prefix=repo-main/)", ["--prefix=repo-main/"]],
  ])(
    "%s of a repository: its skills are offered and the ticked ones imported",
    async (_, extra) => {
      await emptyStore();
      repo ??= await repository();
      const out = join(work, `archive-${extra.length}.zip`);
      run("git", ["archive", "--format=zip", ...extra, "-o", out, "HEAD"], repo);
      await dropFile(page, "download.zip", await readFile(out));
      await expect.poll(() => page.locator("#choose").isVisible(), patience).toBe(true);
      const boxes = page.getByRole("checkbox", { name: /^(alpha|bravo)\b/ });
      expect(await boxes.count()).toBe(2);
      await page.getByRole("checkbox", { name: /^bravo\b/ }).uncheck();
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect.poll(managedIds, patience).toEqual(["alpha"]);
      const shown = await bodyOf(
        await fetch(`${server.url}/api/skills/alpha`, { headers: server.auth }),
      );
      expect(shown.files).toContainEqual(
        expect.objectContaining({ path: "scripts/run.sh", executable: true }),
      );
    },
  );

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
