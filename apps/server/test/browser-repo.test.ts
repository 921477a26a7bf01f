// @module-tag heavy
// A whole skills repository given to the console in headless Chromium
// against a real server: anthropics/skills' own twelve skills (as pinned in
// tooling/public-skills, their text files) under `skills/`, a README, a
// LICENSE, a `.github/` workflow and a PNG logo at the top, and a PNG in
// canvas-design, standing for the fonts it carries upstream. It arrives as a
// folder upload of the directory a clone makes (`skills/skills/<skill>`), as
// the zip GitHub serves (`git archive --prefix=skills-main/` of a real
// commit) dropped on the page, and as that zip unpacked and zipped again by
// Info-ZIP's `zip`, picked with the file input. Each time the chooser must
// offer every skill under `skills/` (the PNG at the top is no skill's
// problem), show canvas-design unticked with the reader's not-UTF-8 sentence
// and the others ticked, and import exactly the ticked skills, as the
// catalog view and GET /api/skills both say. The PNGs are Chromium's own
// screenshots, so the binary is real.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitTree, writeTree } from "@skillshelf/test-utils";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { connectChromium } from "./support/chromium.js";
import { dropFile, openConsole, patience, seriousViolations } from "./support/console-page.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let work: string;

const pinned = join(import.meta.dirname, "../../../tooling/public-skills/anthropics-skills/skills");
/** The skills under skills/, in the order the listing gives them (path order: ASCII names). */
const skills = readdirSync(pinned).sort();
/** The skill holding a PNG, which the store (text only) refuses. */
const binary = "canvas-design";

const run = (command: string, args: string[], cwd: string): void => {
  execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
};

/** The managed skills GET /api/skills lists. */
async function managedIds(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/skills`, { headers: server.auth });
  const { skills } = (await bodyOf(response)) as { skills: { id: string; origin: string }[] };
  return skills.filter((skill) => skill.origin === "managed").map((skill) => skill.id);
}

/** The skills the page's catalog view shows, in its order. */
const shownIds = (): Promise<string[]> =>
  page
    .locator("li[data-skill]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-skill") ?? ""));

/** Removes every managed skill, so each form of the repository starts from an empty store. */
async function emptyStore(): Promise<void> {
  for (const id of await managedIds()) {
    await fetch(`${server.url}/api/skills/${id}`, { method: "DELETE", headers: server.auth });
  }
  await expect.poll(shownIds, patience).toEqual([]);
}

/** The repository, written at `dir`; answers how many files it holds. */
async function writeRepository(dir: string): Promise<number> {
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } });
  cpSync(pinned, join(dir, "skills"), { recursive: true });
  writeTree(dir, {
    "README.md": "# Skills\n\nSkills under skills/, one folder each.\n",
    LICENSE: "Apache License\nVersion 2.0, January 2004\n",
    "THIRD_PARTY_NOTICES.md": "Fonts and images keep their own licences.\n",
    ".github/workflows/validate.yml": "on: [push]\njobs:\n  check:\n    runs-on: ubuntu-latest\n",
    "logo.png": png,
    [`skills/${binary}/swatch.png`]: png,
  });
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "skillshelf-repo-"));
  server = await startServer();
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

/** A checkbox of the chooser, by the skill's id. */
const box = (id: string) => page.getByRole("checkbox", { name: new RegExp(`^${id}\\b`) });

/**
 * The chooser as the user sees it for the repository at `top` (the path the
 * upload names it by): every skill under skills/ offered, the one with the
 * PNG unticked with its sentence, the others ticked; then `untick` is
 * unticked and Import pressed, and exactly the rest must be installed.
 */
async function chooseAndImport(top: string, untick: string): Promise<void> {
  const choose = page.locator("#choose");
  await expect.poll(() => choose.isVisible(), patience).toBe(true);
  const listed = await page
    .locator("#choose-list li")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-listed")));
  expect(listed).toEqual(skills);
  for (const id of skills) {
    expect(await page.locator(`li[data-listed="${id}"] .found`).textContent()).toBe(
      `found in ${top}/skills/${id}`,
    );
  }
  const refused = page.locator(`li[data-listed="${binary}"]`);
  expect(await box(binary).isChecked()).toBe(false);
  expect(await box(binary).isEnabled()).toBe(false);
  expect(await refused.locator(".reason .code").textContent()).toBe("not-utf8");
  expect(await refused.locator(".reason").textContent()).toContain(
    `The file '${top}/skills/${binary}/swatch.png' is not valid UTF-8 text; the store holds text only, so remove it or convert it (binary assets are refused, never altered); the skill at fault is ${binary} (1 file): leave it unticked in the chooser and import the others.`,
  );
  // The logo at the top lies outside every skill, and is nobody's reason.
  expect(await choose.textContent()).not.toContain("logo.png");
  for (const id of skills.filter((id) => id !== binary)) {
    expect(await box(id).isChecked()).toBe(true);
    expect(await box(id).isEnabled()).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is stored by the listing.
  expect(await managedIds()).toEqual([]);

  await box(untick).uncheck();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const expected = skills.filter((id) => id !== binary && id !== untick);
  const outcome = page.locator("#outcome");
  await expect.poll(() => outcome.getAttribute("class"), patience).toBe("outcome success");
  expect(await outcome.textContent()).toContain(`Imported ${expected.length} skills.`);
  expect(await choose.isVisible()).toBe(false);
  await expect.poll(shownIds, patience).toEqual(expected);
  expect(await managedIds()).toEqual(expected);
}

describe.sequential("a whole repository given to the console", () => {
  it("a folder upload offers the skills under skills/ and imports the ticked ones", async () => {
    // Named as `git clone` names a clone of anthropics/skills: `skills/skills/<skill>`.
    const repo = join(work, "skills");
    const files = await writeRepository(repo);
    const posts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).search);
    };
    page.on("request", onRequest);
    onTestFinished(() => {
      page.off("request", onRequest);
    });
    await page.locator("#folder-input").setInputFiles(repo);
    // A browser sends no modes: the page says so of the skills' scripts before sending.
    await expect.poll(() => page.locator("#scripts-notice").isVisible(), patience).toBe(true);
    expect(await page.locator("#scripts-text").textContent()).toContain("look like scripts.");
    await page.getByRole("button", { name: "Upload anyway" }).click();
    await chooseAndImport("skills", "mcp-builder");
    // Every file went, the top's PNG and dot-directory included; the import named the path.
    const imported = skills.filter((id) => id !== binary && id !== "mcp-builder");
    expect(await page.locator("#outcome").textContent()).toMatch(
      new RegExp(
        `^folder 'skills' \\(${files} files\\) at .*Imported ${imported.length} skills\\.`,
      ),
    );
    const query = new URLSearchParams({ path: "skills/skills" });
    for (const id of imported) query.append("skill", id);
    expect(posts).toEqual(["?list=1", `?${query}`]);
  });

  it("GitHub's zip of it, dropped on the page, offers the same and imports the ticked ones", async () => {
    await emptyStore();
    const repo = join(work, "git");
    await writeRepository(repo);
    const git = commitTree(repo);
    git("archive", "--format=zip", "--prefix=skills-main/", "-o", join(work, "github.zip"), "HEAD");
    await dropFile(page, "skills-main.zip", await readFile(join(work, "github.zip")));
    await chooseAndImport("skills-main", "skill-creator");
  });

  it("that zip unpacked and zipped again by Info-ZIP, picked as a file, does the same", async () => {
    await emptyStore();
    const unpacked = join(work, "unpacked");
    run("unzip", ["-q", join(work, "github.zip"), "-d", unpacked], work);
    const zipped = join(work, "skills-main.zip");
    run("zip", ["-q", "-r", zipped, "skills-main"], unpacked);
    await page.locator("#archive-input").setInputFiles(zipped);
    await chooseAndImport("skills-main", "webapp-testing");
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
