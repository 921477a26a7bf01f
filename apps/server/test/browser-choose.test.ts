// @module-tag heavy
// A collection's skills as checkboxes, in headless Chromium against a real
// server: a dropped archive holding three skills below `skills/` (beside a
// README, so the import needs the listing's `path`) is first listed, its
// skills are offered all ticked with the directory each was found in, and
// only the ticked ones reach the catalog. A single-skill archive still
// imports at once, with no list shown. axe-core checks the list's view.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillFiles, tarOf, tgzOf } from "./support/bodies.js";
import { launchChromium } from "./support/chromium.js";
import {
  dropFile,
  openPage,
  overflowOf,
  patience,
  seriousViolations,
} from "./support/console-page.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];

const card = (id: string) => page.locator(`li[data-skill="${id}"]`);

/** The ids the server's catalog lists, managed ones only. */
async function catalogIds(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/skills`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const { skills } = (await bodyOf(response)) as { skills: { id: string; origin: string }[] };
  return skills.filter((skill) => skill.origin !== "builtin").map((skill) => skill.id);
}

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  ({ page, problems } = await openPage(browser, server.url));
  await page.goto(`${server.url}/#token=${server.token}`);
  await page.locator("#import").waitFor({ state: "visible" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.sequential("choosing a collection's skills", () => {
  it("lists a 3-skill archive as ticked boxes and imports only the ticked ones", async () => {
    const archive = tgzOf("repo", {
      "README.md": "# A repository of skills\n",
      "skills/alpha/SKILL.md": "# alpha\n\nDoes alpha.\n",
      "skills/bravo/SKILL.md": "# bravo\n\nDoes bravo.\n",
      "skills/charlie/SKILL.md": "# charlie\n\nDoes charlie.\n",
    });
    await dropFile(page, "repo.tgz", archive);
    const choose = page.locator("#choose");
    await expect.poll(() => choose.isVisible(), patience).toBe(true);
    const boxes = page.getByRole("checkbox", { name: /^(alpha|bravo|charlie)\b/ });
    expect(await boxes.count()).toBe(3);
    for (const id of ["alpha", "bravo", "charlie"]) {
      const box = page.getByRole("checkbox", { name: new RegExp(`^${id}\\b`) });
      expect(await box.isChecked()).toBe(true);
      expect(await page.locator(`li[data-listed="${id}"]`).textContent()).toContain(
        `repo/skills/${id}`,
      );
    }
    // Nothing is stored by the listing.
    expect(await catalogIds()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, "choose-skills.png"), fullPage: true });

    await page.getByRole("checkbox", { name: /^bravo\b/ }).uncheck();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const outcome = page.locator("#outcome");
    await expect.poll(() => outcome.getAttribute("class"), patience).toBe("outcome success");
    expect(await outcome.textContent()).toContain("Imported 2 skills.");
    expect(await choose.isVisible()).toBe(false);
    expect((await catalogIds()).sort()).toEqual(["alpha", "charlie"]);
    await expect.poll(() => card("alpha").count(), patience).toBe(1);
    expect(await card("charlie").count()).toBe(1);
    expect(await card("bravo").count()).toBe(0);
  });

  it("imports a single-skill archive at once, offering no list", async () => {
    await dropFile(page, "delta.tar", tarOf("delta", skillFiles("delta")));
    const outcome = page.locator("#outcome");
    await expect.poll(() => card("delta").count(), patience).toBe(1);
    await expect.poll(() => outcome.textContent(), patience).toContain("Imported 1 skill.");
    expect(await page.locator("#choose").isVisible()).toBe(false);
    expect((await catalogIds()).sort()).toEqual(["alpha", "charlie", "delta"]);
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
