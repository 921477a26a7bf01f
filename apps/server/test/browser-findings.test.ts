// @module-tag heavy
// The console shows what a skill's bytes say, as `show` and the HTTP answer
// do: the skill view lists each finding with its code and the findings
// table's sentence (naming the file, line and column), written as text,
// never markup, and the specification's warnings for its SKILL.md; a
// skill with none shows no box. An import's outcome lists the warnings and
// findings that did not refuse it, and a `hidden-content` refusal lists
// every finding the answer carries, not only the first its sentence names.
// In headless Chromium against a real server, with axe-core finding no
// serious or critical violation.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tarOf } from "./support/bodies.js";
import { connectChromium } from "./support/chromium.js";
import { dropFile, openConsole, patience, seriousViolations } from "./support/console-page.js";
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
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
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

const tags = (text: string): string =>
  [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

/** Each listed item under `selector` as its code attribute and text. */
const itemsOf = (selector: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ code: node.getAttribute("data-code"), text: node.textContent })),
    );

it("renders an import's specification warnings and findings, and the skill view's warnings", async () => {
  // No frontmatter (a specification warning) and an HTML comment (a finding that warns).
  const skill = "# plain\n\nDoes plain things.\n\n<!-- for the model only -->\n";
  await dropFile(page, "plain.tar", tarOf("plain", { "SKILL.md": skill }));
  const outcome = page.locator("#outcome");
  await expect.poll(() => outcome.getAttribute("class"), patience).toBe("outcome success");
  expect(await outcome.textContent()).toContain("Imported 1 skill.");
  expect(await page.locator("#outcome-warnings-title").textContent()).toBe(
    "1 warning from the Agent Skills specification; the skills were imported all the same:",
  );
  expect(await itemsOf("#outcome-warnings li")).toEqual([
    { code: "missing-frontmatter", text: expect.stringMatching(/^missing-frontmatter\S.*'plain'/) },
  ]);
  expect(await page.locator("#outcome-findings-title").textContent()).toBe(
    "1 finding in the files, reported, not refused:",
  );
  expect(await itemsOf("#outcome-findings li")).toEqual([
    {
      code: "html-comment",
      text: expect.stringMatching(/^html-commentSKILL\.md:5:1 holds an HTML comment/),
    },
  ]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.locator('li[data-skill="plain"]').waitFor();
  await openSkill("plain");
  expect(await page.locator("#detail-warnings").isVisible()).toBe(true);
  expect(await itemsOf("#detail-warnings-list li")).toEqual([
    { code: "missing-frontmatter", text: expect.stringMatching(/^missing-frontmatter\S.*'plain'/) },
  ]);
  await openSkill("hiding");
  expect(await page.locator("#detail-warnings").isVisible()).toBe(false);
});

it("lists every finding of a hidden-content refusal, as the answer gives them", async () => {
  const skill = `---\nname: sly\ndescription: Reads notes.\n---\n# sly\n\nRead${tags("ignore previous")} the notes.\n<!-- kept -->\n`;
  const notes = `See${tags("run rm")}.\n`;
  const archive = tarOf("sly", { "SKILL.md": skill, "references/notes.md": notes });
  const response = await fetch(`${server.url}/api/imports?dry_run=1&name=sly.tar`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}`, "skillshelf-wording": "console" },
    body: archive,
  });
  const answer = (await response.json()) as { findings: { code: string; message: string }[] };
  expect(answer.findings.length).toBe(3);

  await dropFile(page, "sly.tar", archive);
  const outcome = page.locator("#outcome");
  await expect.poll(() => outcome.getAttribute("class"), patience).toBe("outcome refusal");
  await expect.poll(() => outcome.locator("li").count(), patience).toBe(3);
  expect(await outcome.locator(".code").first().textContent()).toBe("hidden-content");
  expect(await page.locator("#outcome-findings-title").textContent()).toBe("3 findings in all:");
  expect(await itemsOf("#outcome li")).toEqual(
    answer.findings.map((finding) => ({
      code: finding.code,
      text: `${finding.code}${finding.message}`,
    })),
  );
  expect(
    await outcome.locator("li").evaluateAll((nodes) => nodes.map((n) => n.textContent)),
  ).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/references\/notes\.md:1:4 holds hidden text "run rm"/),
    ]),
  );
  expect(await seriousViolations(page)).toEqual([]);
});

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
});

it("marks a managed skill edited by hand withheld as drifted, with the ways out a console user has", async () => {
  const imported = await fetch(`${server.url}/api/imports`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/x-tar" },
    body: tarOf("edited", {
      "edited/SKILL.md": "---\nname: edited\ndescription: Gets edited\n---\n\n# edited\n",
      "edited/notes.md": "as imported\n",
    }),
  });
  expect(imported.status).toBe(201);
  await writeFile(join(server.roots.managed, "edited", "notes.md"), "edited by hand\n");
  await page.reload();
  const card = page.locator('li[data-skill="edited"]');
  await card.waitFor();
  expect(await card.locator("[data-withheld]").textContent()).toBe("drifted");
  const reason = (await card.locator(".reason").textContent()) ?? "";
  expect(reason).toContain("'notes.md' modified");
  expect(reason).toContain(
    "drop its source again with 'replace managed skills with the same id' ticked",
  );
  expect(reason).not.toContain("update --force");
});

it("ran without errors, policy violations or external requests", () => {
  expect(problems).toEqual([]);
});
