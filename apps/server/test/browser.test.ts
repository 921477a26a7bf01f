// @module-tag heavy
// The console in headless Chromium (Debian's, never a downloaded one): open
// it with the token in the fragment, import a folder through the folder
// picker, an archive through the archive picker and one dropped on the page,
// watch the upload progress, see the refusal sentence for a hostile bundle,
// view a skill (its markup shown as text), and remove it after confirming.
// Each state is saved as a screenshot under test-results/console/.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { message, readBundle } from "@skillshelf/bundle-reader";
import { buildTar, cases } from "@skillshelf/conformance";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillFiles, tarOf, tgzOf } from "./support/bodies.js";
import { launchChromium } from "./support/chromium.js";
import { startServer, type TestServer, writeSkill } from "./support/server.js";

// The few page globals used inside evaluate(), which run in the browser, not in Node.
declare const sessionStorage: { getItem(key: string): string | null };
declare class DataTransfer {
  items: { add(file: File): void };
}
declare const document: {
  getElementById(id: string): { dispatchEvent(event: Event): boolean } | null;
};

const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));

let server: TestServer;
let browser: Browser;
let page: Page;
let files: string;
const problems: string[] = [];

/** How long a page may take to show a result on a busy machine. */
const patience = { timeout: 20_000, interval: 100 };

const shoot = (name: string, fullPage = true) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage });
const outcome = () => page.locator("#outcome");
const row = (id: string) => page.locator(`tr[data-skill="${id}"]`);

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  await writeSkill(server.roots.builtin, "house-style", { "references/tone.md": "Be brief.\n" });
  await writeSkill(server.roots.builtin, "mislabeled");
  await writeFile(join(server.roots.builtin, "mislabeled", "SKILL.md"), "# another-name\n");
  files = await mkdtemp(join(tmpdir(), "skillshelf-browser-"));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(20_000);
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (entry) => {
    // A refused import is a 4xx answer, which Chromium reports; anything else is a problem.
    const refusedAnswer = /^Failed to load resource: the server responded with a status of 4\d\d/;
    if (entry.type() === "error" && !refusedAnswer.test(entry.text())) {
      problems.push(`console: ${entry.text()}`);
    }
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(server.url)) problems.push(`external request: ${request.url()}`);
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(files, { recursive: true, force: true });
});

describe.sequential("the console", () => {
  it("opens with the token from the fragment and takes it out of the address bar", async () => {
    await page.goto(`${server.url}/#token=${server.token}`);
    await expect.poll(() => row("house-style").count(), patience).toBe(1);
    expect(page.url()).toBe(`${server.url}/`);
    expect(await page.evaluate(() => sessionStorage.getItem("skillshelf-token"))).toBe(
      server.token,
    );
    expect(await row("house-style").textContent()).toContain("builtin");
    expect(await page.locator("#revision").textContent()).toMatch(/^revision [0-9a-f]{12}$/);
    const refused = await page.locator("#refused li").allTextContents();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^mislabeledidentity-mismatch.+/);
    await shoot("01-catalog");
  });

  it("imports a folder through the folder picker", async () => {
    const folder = join(files, "picked-folder");
    await mkdir(join(folder, "alpha", "references"), { recursive: true });
    await writeFile(
      join(folder, "alpha", "SKILL.md"),
      "---\nname: alpha\ndescription: Shows markup as text.\n---\n\n# Alpha\n\n<img src=x onerror=\"document.title='owned'\"> <b>not bold</b>\n",
    );
    await writeFile(join(folder, "alpha", "references", "notes.md"), "Notes.\n");
    await page.locator("#folder-input").setInputFiles(folder);
    await expect.poll(() => outcome().textContent(), patience).toContain("Imported 1 skill.");
    expect(await outcome().getAttribute("class")).toContain("success");
    expect(await outcome().textContent()).toContain("alpha — 2 files");
    await expect.poll(() => row("alpha").count(), patience).toBe(1);
    expect(await row("alpha").textContent()).toContain("managed");
    expect(await row("alpha").textContent()).toContain("Shows markup as text.");
    await shoot("02-folder-imported");
  });

  it("imports an archive through the archive picker", async () => {
    const archive = join(files, "beta.tgz");
    await writeFile(archive, tgzOf("beta", skillFiles("beta", { "scripts/run.sh": "echo hi\n" })));
    await page.locator("#archive-input").setInputFiles(archive);
    await expect.poll(() => outcome().textContent(), patience).toContain("Imported 1 skill.");
    await expect.poll(() => row("beta").count(), patience).toBe(1);
    await shoot("03-archive-imported");
  });

  it("imports an archive dropped on the page", async () => {
    const bytes = [...tgzOf("gamma", skillFiles("gamma"))];
    const transfer = await page.evaluateHandle((content) => {
      const data = new DataTransfer();
      data.items.add(
        new File([new Uint8Array(content)], "gamma.tgz", { type: "application/gzip" }),
      );
      return data;
    }, bytes);
    await page.locator("#drop").dispatchEvent("drop", { dataTransfer: transfer });
    await expect.poll(() => row("gamma").count(), patience).toBe(1);
    expect(await outcome().textContent()).toContain("gamma");
  });

  it("imports a folder dropped on the page, walking its entries", async () => {
    // Chromium cannot be handed a real dragged folder here, so the drop carries
    // entries shaped as the File and Directory Entries API gives them, with
    // readers that answer in small batches, as real ones do for big folders.
    await page.evaluate(() => {
      const fileEntry = (fullPath: string, text: string) => ({
        isFile: true,
        isDirectory: false,
        name: fullPath.split("/").pop(),
        fullPath,
        file: (done: (file: File) => void) => done(new File([text], fullPath.split("/").pop()!)),
      });
      const dirEntry = (fullPath: string, children: unknown[]) => ({
        isFile: false,
        isDirectory: true,
        name: fullPath.split("/").pop(),
        fullPath,
        createReader: () => {
          const left = [...children];
          return { readEntries: (done: (batch: unknown[]) => void) => done(left.splice(0, 1)) };
        },
      });
      const folder = dirEntry("/dropped", [
        dirEntry("/dropped/epsilon", [
          fileEntry("/dropped/epsilon/SKILL.md", "# epsilon\n\nDoes epsilon.\n"),
          dirEntry("/dropped/epsilon/refs", [fileEntry("/dropped/epsilon/refs/a.md", "a\n")]),
        ]),
      ]);
      const drop = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(drop, "dataTransfer", {
        value: { items: [{ webkitGetAsEntry: () => folder }], files: [] },
      });
      document.getElementById("drop")!.dispatchEvent(drop);
    });
    await expect.poll(() => row("epsilon").count(), patience).toBe(1);
    expect(await outcome().textContent()).toContain("epsilon — 2 files");
  });

  it("shows upload progress while a large archive travels", async () => {
    // A plain tar (gzip would shrink it) of 6 MiB, sent at 2 MiB/s.
    const archive = join(files, "delta.tar");
    const big = "x".repeat(6 * 1024 * 1024);
    await writeFile(archive, tarOf("delta", skillFiles("delta", { "big.md": big })));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    await page.locator("#archive-input").setInputFiles(archive);
    await expect
      .poll(
        () =>
          page
            .locator("#progress-bar")
            .evaluate((bar) => (bar as unknown as { value: number }).value),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    expect(await page.locator("#progress").isVisible()).toBe(true);
    await shoot("04-upload-progress");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect.poll(() => row("delta").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator("#progress").isVisible()).toBe(false);
  });

  it("shows the refusal sentence for a hostile bundle", async () => {
    const hostile = cases.find((c) => c.name === "a traversal inside a skill");
    expect(hostile).toBeDefined();
    const bytes = buildTar(hostile!);
    const archive = join(files, "hostile.tar");
    await writeFile(archive, bytes);
    const read = await readBundle({ kind: "archive", bytes, name: "hostile" });
    expect(read.ok).toBe(false);
    const sentence = read.ok ? "" : message(read.refusal);
    await page.locator("#archive-input").setInputFiles(archive);
    await expect.poll(() => outcome().getAttribute("class"), patience).toContain("refusal");
    expect(await outcome().textContent()).toBe(`unsafe-path${sentence}`);
    expect(await page.locator("#outcome .code").textContent()).toBe("unsafe-path");
    await shoot("05-refusal");
  });

  it("views a skill's files as text, never as markup", async () => {
    await row("alpha").locator("button.link").click();
    await expect.poll(() => page.locator("#detail").isVisible(), patience).toBe(true);
    expect(await page.locator("#detail-title").textContent()).toBe("alpha");
    const listed = await page.locator("#detail-files button").allTextContents();
    expect(listed.map((text) => text.split(/\d/)[0])).toEqual(["SKILL.md", "references/notes.md"]);
    const skill = await readFile(join(server.roots.managed, "alpha", "SKILL.md"), "utf8");
    await expect.poll(() => page.locator("#viewer-text").textContent(), patience).toBe(skill);
    expect(await page.locator("#viewer-text img, #viewer-text b").count()).toBe(0);
    expect(await page.title()).toBe("skillshelf");
    await shoot("06-skill");
    await page.locator("#detail-files button", { hasText: "references/notes.md" }).click();
    await expect.poll(() => page.locator("#viewer-text").textContent(), patience).toBe("Notes.\n");
  });

  it("removes a managed skill after a confirmation, and offers no removal of a builtin one", async () => {
    expect(await row("house-style").locator("[data-remove]").count()).toBe(0);
    await row("alpha").locator("[data-remove]").click();
    await expect.poll(() => page.locator("#confirm-remove").isVisible(), patience).toBe(true);
    expect(await page.locator("#confirm-text").textContent()).toContain("'alpha'");
    await shoot("07-confirm-remove", false);
    await page.locator("#confirm-cancel").click();
    expect(await row("alpha").count()).toBe(1);
    await row("alpha").locator("[data-remove]").click();
    await page.locator("#confirm-button").click();
    await expect.poll(() => row("alpha").count(), patience).toBe(0);
    expect(await outcome().textContent()).toBe("Removed 'alpha'.");
    expect(existsSync(join(server.roots.managed, "alpha"))).toBe(false);
    await shoot("08-removed");
  });

  it("asks for the console URL when the token is missing or wrong", async () => {
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(`${server.url}/`);
      await expect.poll(() => other.locator("#no-token").isVisible(), patience).toBe(true);
      await other.goto(`${server.url}/#token=not-the-token-at-all`);
      await other.reload();
      await expect.poll(() => other.locator("#no-token").isVisible(), patience).toBe(true);
      expect(await other.locator("#skills tr").count()).toBe(0);
      expect(await other.evaluate(() => sessionStorage.getItem("skillshelf-token"))).toBeNull();
      await other.screenshot({ path: join(shots, "09-no-token.png") });
    } finally {
      await context.close();
    }
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
