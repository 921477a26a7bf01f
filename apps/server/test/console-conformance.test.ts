// @module-tag heavy
// A sample of the conformance cases through the console in Chromium: each
// case is written as a real folder, chosen with the folder picker, and sent
// the way the page sends it (client-relative paths from webkitRelativePath);
// the import's answer must give the case's verdict. The sample holds regular
// files only (a browser follows links and drops empty folders, so those
// cases say nothing about the console) and imports with replace, so cases
// naming the same skill do not collide in the store. Every folder is
// listed first and a collection is offered in the chooser, its importable
// skills ticked and imported as offered; a folder whose skills lie a level
// deeper (a wrapper directory) is offered with the `path` that selects them
// rather than refused, so that case is browser-choose.test.ts's, not this
// sample's. An accepted import's findings are compared where the case states
// them.
import {
  buildFolder,
  cases,
  formsOf,
  makeScratchDir,
  runConformance,
} from "@skillshelf/conformance";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectChromium } from "./support/chromium.js";
import { startServer, type TestServer } from "./support/server.js";
import { verdictOfAnswer } from "./support/verdict.js";

const sample = new Set([
  "a collection of skills",
  "a SKILL.md at the root makes the root one skill",
  "nested folders inside a skill",
  "empty files are kept",
  "a UTF-8 BOM is kept as bytes",
  "Unicode file names",
  "macOS metadata and .git contents are set aside",
  "file content that is not UTF-8",
  "a collection directory without SKILL.md",
  "a file beside the skill directories",
  "a root skill accepts files of any name beside SKILL.md",
  "tag characters spelling text are refused as hidden content",
  "an HTML comment in SKILL.md is reported",
  "bidi isolates and embeddings outside SKILL.md are reported",
]);
const sampled = cases.filter((c) => sample.has(c.name));

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await connectChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.url}/#token=${server.token}`);
  await page.locator("#import:not([hidden])").waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("samples cases that exist and that a folder and an upload can both say", () => {
  expect(sampled.map((c) => c.name).sort()).toEqual([...sample].sort());
  for (const c of sampled)
    expect(formsOf(c), c.name).toEqual(expect.arrayContaining(["folder", "uploads"]));
});

runConformance({
  name: "console (chromium)",
  forms: ["uploads"],
  stage: "import",
  cases: sampled,
  verdict: async (input) => {
    const folder = await buildFolder(input.case, await makeScratchDir());
    // "replace" applies to one import and unticks itself after it.
    await page.locator("#replace").check();
    const posted = (listing: boolean) =>
      page.waitForResponse(
        (r) =>
          r.url().startsWith(`${server.url}/api/imports`) &&
          r.request().method() === "POST" &&
          new URL(r.url()).searchParams.has("list") === listing,
      );
    const listed = posted(true);
    const imported = posted(false);
    // Nothing else waits for the import's answer when the listing refuses.
    imported.catch(() => {});
    await page.locator("#folder-input").setInputFiles(folder);
    // A folder holding scripts is sent once its notice is acknowledged.
    await page
      .locator(
        "#scripts-notice:not([hidden]), #progress:not([hidden]), #choose:not([hidden]), #outcome:not([hidden])",
      )
      .first()
      .waitFor();
    if (await page.locator("#scripts-notice").isVisible())
      await page.locator("#scripts-go").click();
    // Every folder is listed first; a listing's refusal is the upload's answer.
    const listing = await listed;
    if (listing.status() !== 200) {
      return verdictOfAnswer(listing.status(), await listing.json(), input, server.roots);
    }
    // A collection is offered as a choice: its importable skills go, ticked as offered.
    await page
      .locator("#choose:not([hidden]), #progress:not([hidden]), #outcome:not([hidden])")
      .first()
      .waitFor();
    if (await page.locator("#choose").isVisible()) await page.locator("#choose-import").click();
    const response = await imported;
    return verdictOfAnswer(response.status(), await response.json(), input, server.roots);
  },
});
