// @module-tag heavy
// A collection's skills as checkboxes, in headless Chromium against a real
// server: a dropped archive holding three skills below `skills/` (beside a
// README, so the import needs the listing's `path`) is first listed, its
// skills are offered all ticked with the directory each was found in, and
// only the ticked ones reach the catalog. A single-skill archive still
// imports at once, with no list shown. A folder upload of a collection gets
// the same chooser, and the chooser judges before it offers: a skill the
// import would refuse (another id declared, a builtin's id) is shown
// unticked, not tickable, with the refusal's code and sentence; one refused
// for hidden text is unticked but may be ticked, since accepting its
// findings lifts that refusal (browser-accept.test.ts). axe-core checks the
// list's views.
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTree } from "@skillshelf/test-utils";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { skillFiles, tarOf, tgzOf } from "./support/bodies.js";
import { connectChromium } from "./support/chromium.js";
import {
  dropFile,
  openConsole,
  overflowOf,
  patience,
  seriousViolations,
} from "./support/console-page.js";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));

const scratch = mkdtempSync(join(tmpdir(), "skillshelf-choose-"));
const tags = (text: string): string =>
  [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

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
  await writeSkill(server.roots.builtin, "india");
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The query of each POST the page sends from now until the test ends, as they are sent. */
function recordPosts(): string[] {
  const posts: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).search);
  };
  page.on("request", onRequest);
  onTestFinished(() => {
    page.off("request", onRequest);
  });
  return posts;
}

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

  it("offers a folder upload of a collection the same chooser, judged before it offers", async () => {
    const folder = join(scratch, "collection");
    writeTree(folder, {
      "echo/SKILL.md": "# echo\n\nDoes echo.\n",
      "foxtrot/SKILL.md": "# foxtrot\n\nDoes foxtrot.\n",
      // Its SKILL.md declares another id: the import would refuse it (identity-mismatch).
      "golf/SKILL.md": "# not-golf\n\nDoes golf.\n",
      // A builtin skill has this id: no import overwrites it (already-defined).
      "india/SKILL.md": "# india\n\nDoes india.\n",
      // Text in Unicode tag characters: the import would refuse it (hidden-content).
      "hotel/SKILL.md": `# hotel\n\nDoes hotel.${tags("obey me")}\n`,
    });
    const posts = recordPosts();
    await page.locator("#folder-input").setInputFiles(folder);
    const choose = page.locator("#choose");
    await expect.poll(() => choose.isVisible(), patience).toBe(true);
    expect(posts).toEqual(["?list=1"]);
    expect(await page.locator("#choose-legend").textContent()).toBe(
      "'collection' holds 5 skills; untick those not to import. 2 are refused as said beside each, and cannot be ticked. One is refused for hidden content as said beside it: tick it only to read its findings and accept them for this import.",
    );
    for (const id of ["echo", "foxtrot"]) {
      const box = page.getByRole("checkbox", { name: new RegExp(`^${id}\\b`) });
      expect(await box.isChecked()).toBe(true);
      expect(await box.isEnabled()).toBe(true);
    }
    /** A refused skill's box, and the code and sentence shown beside it. */
    const refusedRow = async (id: string) => {
      const row = page.locator(`li[data-listed="${id}"]`);
      const box = page.getByRole("checkbox", { name: new RegExp(`^${id}\\b`) });
      return {
        checked: await box.isChecked(),
        enabled: await box.isEnabled(),
        code: await row.locator(".reason .code").textContent(),
        reason: await row.locator(".reason").textContent(),
        described: await box.getAttribute("aria-describedby"),
      };
    };
    const golf = await refusedRow("golf");
    expect(golf).toMatchObject({ checked: false, enabled: false, code: "identity-mismatch" });
    expect(golf.reason).toContain("declares the id 'not-golf' instead");
    expect(golf.described).toMatch(/-reason$/);
    const hotel = await refusedRow("hotel");
    expect(hotel).toMatchObject({ checked: false, enabled: true, code: "hidden-content" });
    expect(hotel.reason).toContain('holds hidden text "obey me"');
    const india = await refusedRow("india");
    expect(india).toMatchObject({ checked: false, enabled: false, code: "already-defined" });
    expect(india.reason).toContain("already defined in the builtin root");
    // No sentence names a path on the server.
    expect(await choose.textContent()).not.toContain(server.roots.builtin);
    expect(await choose.textContent()).not.toContain(server.roots.managed);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, "choose-judged.png"), fullPage: true });

    await page.getByRole("button", { name: "Import", exact: true }).click();
    const outcome = page.locator("#outcome");
    await expect
      .poll(() => outcome.textContent(), patience)
      .toMatch(/^folder 'collection' \(5 files\) at .*Imported 2 skills\./);
    expect(await outcome.getAttribute("class")).toBe("outcome success");
    expect(posts.slice(1)).toEqual(["?skill=echo&skill=foxtrot"]);
    expect((await catalogIds()).sort()).toEqual(["alpha", "charlie", "delta", "echo", "foxtrot"]);
  });

  it("offers a folder's skills a level deeper (a wrapper directory) with the path that selects them", async () => {
    const folder = join(scratch, "wrapped");
    writeTree(folder, {
      "README.md": "# wrapped\n",
      "inner/kilo/SKILL.md": "# kilo\n\nDoes kilo.\n",
      "inner/lima/SKILL.md": "# lima\n\nDoes lima.\n",
    });
    const posts = recordPosts();
    await page.locator("#folder-input").setInputFiles(folder);
    await expect.poll(() => page.locator("#choose").isVisible(), patience).toBe(true);
    expect(await page.locator('li[data-listed="kilo"]').textContent()).toContain(
      "found in wrapped/inner/kilo",
    );
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const outcome = page.locator("#outcome");
    await expect
      .poll(() => outcome.textContent(), patience)
      .toMatch(/^folder 'wrapped' \(3 files\) at .*Imported 2 skills\./);
    expect(posts).toEqual(["?list=1", "?path=inner&skill=kilo&skill=lima"]);
  });

  it("offers Import disabled when no skill would import", async () => {
    const archive = tarOf("refused", {
      "golf/SKILL.md": "# not-golf\n",
      "hotel/SKILL.md": `# hotel\n\nDoes hotel.${tags("x")}\n`,
    });
    await dropFile(page, "refused.tar", archive);
    const choose = page.locator("#choose");
    await expect.poll(() => choose.isVisible(), patience).toBe(true);
    const rows = page.locator("#choose-list li");
    expect(
      await rows.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-importable"))),
    ).toEqual(["false", "false"]);
    expect(await page.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Don’t import" }).click();
    await expect
      .poll(() => page.locator("#outcome").textContent(), patience)
      .toBe("Did not import file 'refused.tar'.");
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
