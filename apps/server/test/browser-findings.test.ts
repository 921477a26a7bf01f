// @module-tag heavy
// The console's skill view shows a skill's findings, as `show` prints them:
// one item per finding with its code and the findings table's sentence
// (naming the file, line and column), written as text, never markup; a
// skill with none shows no findings box. In headless Chromium against a
// real server, with axe-core finding no serious or critical violation.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium } from "./support/chromium.js";
import { openPage, patience, seriousViolations } from "./support/console-page.js";
import { startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  server = await startServer();
  await writeSkill(server.roots.builtin, "clean", { "references/tone.md": "Be brief.\n" });
  const dir = join(server.roots.builtin, "hiding");
  await mkdir(join(dir, "references"), { recursive: true });
  await writeFile(
    join(dir, "SKILL.md"),
    "---\nname: hiding\ndescription: Says more than it shows\n---\n\n# hiding\n\n<!-- <b>model only</b> -->\n",
  );
  await writeFile(join(dir, "references", "notes.md"), "Read\u200Bthis.\n");
  browser = await launchChromium();
  const watched = await openPage(browser, server.url);
  page = watched.page;
  problems = watched.problems;
  await page.goto(`${server.url}/#token=${server.token}`);
  await page.locator('li[data-skill="hiding"]').waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openSkill(id: string): Promise<void> {
  if (await page.locator("#detail").isVisible()) await page.locator("#close-detail").click();
  await page.locator(`li[data-skill="${id}"]`).locator("button.link").click();
  await expect.poll(() => page.locator("#detail-title").textContent(), patience).toBe(id);
  await page.locator("#detail-files button.file").first().waitFor();
}

it("shows each finding of a skill's files with its code and sentence, and none for a clean skill", async () => {
  await openSkill("hiding");
  const items = page.locator("#detail-findings-list li");
  await expect.poll(() => items.count(), patience).toBe(2);
  expect(await page.locator("#detail-findings").isVisible()).toBe(true);
  expect(await page.locator("#detail-findings-title").textContent()).toBe(
    "2 findings in this skill's files, reported, not refused:",
  );
  const shown = await items.evaluateAll((nodes) =>
    nodes.map((node) => ({
      code: node.getAttribute("data-code"),
      path: node.getAttribute("data-path"),
      text: node.textContent,
      bold: node.querySelector("b") !== null,
    })),
  );
  expect(shown).toEqual([
    {
      code: "html-comment",
      path: "SKILL.md",
      text: expect.stringMatching(
        /^html-commentSKILL\.md:8:1 holds an HTML comment \(<!-- <b>model only<\/b> -->\)/,
      ),
      bold: false,
    },
    {
      code: "hidden-text",
      path: "references/notes.md",
      text: expect.stringMatching(/^hidden-textreferences\/notes\.md:1:5 holds /),
      bold: false,
    },
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  await openSkill("clean");
  expect(await page.locator("#detail-findings").isVisible()).toBe(false);
  expect(problems).toEqual([]);
});
