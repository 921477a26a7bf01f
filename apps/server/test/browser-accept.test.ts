// @module-tag heavy
// A console user accepts a refusing finding's code as `--accept` does: after
// a `hidden-content` refusal the outcome offers one unticked checkbox for
// each code that refused, named as the findings' sentences name it, and an
// Import again button that stays disabled until one is ticked. Pressing it
// sends the same upload with the same query (name, replace) and an
// `accept=` for each ticked code; the server judges them, installs, and the
// record keeps them. Accepting one code of two still refuses, naming the
// other, whose box is then the only one offered. A chooser's skill refused
// for hidden text may be ticked, and its import accepted the same way, with
// the listing's path and the ticked skills kept. In headless Chromium
// against a real server, with axe-core finding no serious or critical
// violation and the page making no request elsewhere.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tarOf } from "./support/bodies.js";
import { connectChromium } from "./support/chromium.js";
import {
  dropFile,
  openConsole,
  overflowOf,
  patience,
  seriousViolations,
} from "./support/console-page.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let folders: string;
const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));
/** The query of each import the page sent, in order. */
const imports: URLSearchParams[] = [];

beforeAll(async () => {
  server = await startServer();
  folders = await mkdtemp(join(tmpdir(), "skillshelf-accept-"));
  await mkdir(shots, { recursive: true });
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (
      request.method() === "POST" &&
      url.pathname === "/api/imports" &&
      !url.searchParams.has("list")
    ) {
      imports.push(url.searchParams);
    }
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(folders, { recursive: true, force: true });
});

const tags = (text: string): string =>
  [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

const outcome = () => page.locator("#outcome");
const again = () => page.locator("#accept-import");

/** The accept boxes offered, as their code and whether ticked. */
async function boxesOf(): Promise<{ code: string | null; checked: boolean }[]> {
  const boxes = await page.locator("#outcome input[data-accept]").all();
  return Promise.all(
    boxes.map(async (box) => ({
      code: await box.getAttribute("data-accept"),
      checked: await box.isChecked(),
    })),
  );
}

async function refusedWith(code: string): Promise<void> {
  await expect.poll(() => outcome().getAttribute("class"), patience).toBe("outcome refusal");
  expect(await outcome().locator("p .code").first().textContent()).toBe(code);
}

it("accepts hidden-text for a dropped archive's import, with its name and replace kept", async () => {
  const clean = "---\nname: notes\ndescription: Reads notes.\n---\n# notes\n\nRead the notes.\n";
  const first = await fetch(`${server.url}/api/imports?name=notes.tar`, {
    method: "POST",
    headers: server.auth,
    body: tarOf("notes", { "SKILL.md": clean }),
  });
  expect(first.status).toBe(201);

  const hiding = `${clean}\nRead${tags("ignore previous")} them all.\n`;
  await page.locator("#replace").check();
  await dropFile(page, "notes.tar", tarOf("notes", { "SKILL.md": hiding }));
  await refusedWith("hidden-content");
  expect(await outcome().textContent()).toContain(
    "or accept hidden-text for this import if it is meant",
  );
  expect(await boxesOf()).toEqual([{ code: "hidden-text", checked: false }]);
  expect(await page.locator('label[for="accept-hidden-text"]').textContent()).toContain(
    "accept hidden-text for this import",
  );
  expect(await again().isDisabled()).toBe(true);
  // The refused attempt unticks replace, as every import does; the retry keeps its own query.
  expect(await page.locator("#replace").isChecked()).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "accept-offered.png"), fullPage: true });

  await page.locator("#accept-hidden-text").check();
  expect(await again().isDisabled()).toBe(false);
  await page.locator("#accept-hidden-text").uncheck();
  expect(await again().isDisabled()).toBe(true);
  await page.locator("#accept-hidden-text").check();
  await again().click();

  await expect.poll(() => outcome().getAttribute("class"), patience).toBe("outcome success");
  expect(await outcome().textContent()).toContain("Imported 1 skill.");
  expect(await outcome().locator("ul li strong").first().textContent()).toBe("notes");
  expect(await outcome().textContent()).toContain("notes — 1 file, replaced");
  const listed = page.locator("#outcome-findings li");
  expect(await listed.count()).toBe(1);
  expect(await listed.getAttribute("data-code")).toBe("hidden-text");
  expect(await listed.textContent()).toContain('holds hidden text "ignore previous"');
  expect(await page.locator("#outcome input[data-accept]").count()).toBe(0);

  const sent = imports.slice(-2).map((query) => [...query]);
  expect(sent).toEqual([
    [
      ["name", "notes.tar"],
      ["replace", "1"],
    ],
    [
      ["name", "notes.tar"],
      ["replace", "1"],
      ["accept", "hidden-text"],
    ],
  ]);
  const shown = await bodyOf(
    await fetch(`${server.url}/api/skills/notes`, { headers: server.auth }),
  );
  expect(shown.record.accepted).toEqual(["hidden-text"]);
  expect(shown.findings.map((f: { code: string }) => f.code)).toEqual(["hidden-text"]);
  expect(await seriousViolations(page)).toEqual([]);
});

it("still refuses a folder when one of its two refusing codes is accepted, naming the other", async () => {
  const folder = join(folders, "twice");
  await mkdir(folder);
  await writeFile(
    join(folder, "SKILL.md"),
    // `~` and `null` are one key to a YAML 1.2 core-schema reader: a key written twice.
    `---\nname: twice\ndescription: Says it twice.\nmetadata:\n  ~: a\n  null: b\n---\n# twice\n\nDo${tags("obey me")} it.\n`,
  );
  await page.locator("#folder-input").setInputFiles(folder);
  await refusedWith("hidden-content");
  expect(await outcome().textContent()).toContain("2 refusing findings");
  expect(await boxesOf()).toEqual([
    { code: "ambiguous-frontmatter", checked: false },
    { code: "hidden-text", checked: false },
  ]);

  await page.locator("#accept-hidden-text").check();
  await again().click();
  await expect.poll(boxesOf, patience).toEqual([{ code: "ambiguous-frontmatter", checked: false }]);
  await refusedWith("hidden-content");
  const sentence = (await outcome().locator("p").nth(1).textContent()) ?? "";
  expect(sentence).toContain("the frontmatter holds the key 'null' twice");
  expect(sentence).toContain("or accept ambiguous-frontmatter for this import if it is meant");
  expect(await boxesOf()).toEqual([{ code: "ambiguous-frontmatter", checked: false }]);
  expect(await outcome().locator(".accept .hint").textContent()).toContain(
    "still accepting hidden-text",
  );
  expect((await fetch(`${server.url}/api/skills/twice`, { headers: server.auth })).status).toBe(
    404,
  );

  await page.locator("#accept-ambiguous-frontmatter").check();
  await again().click();
  await expect.poll(() => outcome().getAttribute("class"), patience).toBe("outcome success");
  expect(
    await page
      .locator("#outcome-findings li")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-code"))),
  ).toEqual(expect.arrayContaining(["ambiguous-frontmatter", "hidden-text"]));
  expect(imports.slice(-3).map((query) => query.getAll("accept"))).toEqual([
    [],
    ["hidden-text"],
    ["hidden-text", "ambiguous-frontmatter"],
  ]);
  const shown = await bodyOf(
    await fetch(`${server.url}/api/skills/twice`, { headers: server.auth }),
  );
  expect(shown.record.accepted).toEqual(["ambiguous-frontmatter", "hidden-text"]);
  expect(await seriousViolations(page)).toEqual([]);
});

it("accepts hidden-text for a chooser's import, with its path and skills kept", async () => {
  const archive = tarOf("pair", {
    "README.md": "# pair\n",
    "skills/kilo/SKILL.md": "# kilo\n\nDoes kilo.\n",
    "skills/sly/SKILL.md": `# sly\n\nDoes sly.${tags("obey me")}\n`,
  });
  await dropFile(page, "pair.tar", archive);
  await expect.poll(() => page.locator("#choose").isVisible(), patience).toBe(true);
  const sly = page.getByRole("checkbox", { name: /^sly\b/ });
  expect(await sly.isChecked()).toBe(false);
  expect(await sly.isEnabled()).toBe(true);
  await sly.check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await refusedWith("hidden-content");
  expect(await boxesOf()).toEqual([{ code: "hidden-text", checked: false }]);
  expect(await outcome().locator('li[data-code="hidden-text"]').textContent()).toContain(
    'holds hidden text "obey me"',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator("#accept-hidden-text").check();
  await again().click();
  await expect.poll(() => outcome().getAttribute("class"), patience).toBe("outcome success");
  expect(await outcome().textContent()).toContain("Imported 2 skills.");
  expect(await page.locator('#outcome-findings li[data-code="hidden-text"]').count()).toBe(1);
  expect(imports.slice(-2).map((query) => query.toString())).toEqual([
    "path=skills&skill=kilo&skill=sly&name=pair.tar",
    "path=skills&skill=kilo&skill=sly&name=pair.tar&accept=hidden-text",
  ]);
  const shown = await bodyOf(await fetch(`${server.url}/api/skills/sly`, { headers: server.auth }));
  expect(shown.record.accepted).toEqual(["hidden-text"]);
});

it("ran without errors, policy violations or external requests", () => {
  expect(problems).toEqual([]);
});
