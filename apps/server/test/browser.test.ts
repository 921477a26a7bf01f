// @module-tag heavy
// The console's imports, removals, live updates and token in headless
// Chromium (Debian's, never a downloaded one) against a real server: a
// folder through the picker (its outcome naming the folder and the time,
// "replace" unticking itself), a notice before a folder holding scripts,
// an archive keeping its modes, any single dropped file sent as an archive
// for the reader to sniff, progress with the buttons disabled and Cancel
// aborting, a refusal's sentence, files shown as text, removal named by id,
// the catalog following another client's changes, and the token field.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { readBundle } from "@skillshelf/bundle-reader";
import { buildTar, cases } from "@skillshelf/conformance";
import { message } from "@skillshelf/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillFiles, tarOf, tgzOf } from "./support/bodies.js";
import { connectChromium } from "./support/chromium.js";
import { dropFile, openPage, patience, seriousViolations } from "./support/console-page.js";
import { startServer, type TestServer, writeSkill } from "./support/server.js";

const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let files: string;

const shoot = (name: string, fullPage = true) =>
  page.screenshot({ path: join(shots, `${name}.png`), fullPage });
const outcome = () => page.locator("#outcome");
const card = (id: string) => page.locator(`li[data-skill="${id}"]`);
const timeOfDay = /\d{1,2}:\d{2}:\d{2}/;

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  await writeSkill(server.roots.builtin, "house-style", { "references/tone.md": "Be brief.\n" });
  files = await mkdtemp(join(tmpdir(), "skillshelf-browser-"));
  browser = await connectChromium();
  ({ page, problems } = await openPage(browser, server.url));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(files, { recursive: true, force: true });
});

describe.sequential("the console", () => {
  it("opens with the token from the fragment and takes it out of the address bar", async () => {
    await page.goto(`${server.url}/#token=${server.token}`);
    await expect.poll(() => card("house-style").count(), patience).toBe(1);
    expect(page.url()).toBe(`${server.url}/`);
    expect(await page.evaluate("sessionStorage.getItem('skillshelf-token')")).toBe(server.token);
    expect(await card("house-style").textContent()).toContain("builtin");
    expect(await page.locator("#revision").getAttribute("title")).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => page.locator("#live").isVisible(), patience).toBe(true);
  });

  it("imports a folder, names it and the time, and unticks replace after the import", async () => {
    const folder = join(files, "picked-folder");
    await mkdir(join(folder, "alpha", "references"), { recursive: true });
    await writeFile(
      join(folder, "alpha", "SKILL.md"),
      "---\nname: alpha\ndescription: Shows markup as text.\n---\n\n# Alpha\n\n<img src=x onerror=\"document.title='owned'\"> <b>not bold</b>\n",
    );
    await writeFile(join(folder, "alpha", "references", "notes.md"), "Notes.\n");
    await page.locator("#replace").check();
    await page.locator("#folder-input").setInputFiles(folder);
    await expect.poll(() => outcome().textContent(), patience).toContain("Imported 1 skill.");
    const said = await outcome().textContent();
    expect(said).toContain("folder 'picked-folder' (2 files)");
    expect(said).toMatch(timeOfDay);
    expect(said).toContain("alpha — 2 files");
    expect(await page.locator("#replace").isChecked()).toBe(false);
    await expect.poll(() => card("alpha").count(), patience).toBe(1);
    expect(await card("alpha").textContent()).toContain("Shows markup as text.");
    await shoot("02-folder-imported");
  });

  it("says before a folder upload that scripts will be stored non-executable", async () => {
    const folder = join(files, "with-scripts");
    await mkdir(join(folder, "runner", "scripts"), { recursive: true });
    await writeFile(join(folder, "runner", "SKILL.md"), "# runner\n\nRuns things.\n");
    await writeFile(
      join(folder, "runner", "scripts", "go"),
      "#!/usr/bin/env node\nconsole.log(1)\n",
    );
    await writeFile(join(folder, "runner", "scripts", "tool.py"), "print(1)\n");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.locator("#folder-input").setInputFiles(folder);
    const notice = page.locator("#scripts-notice");
    await notice.waitFor();
    const said = await page.locator("#scripts-text").textContent();
    expect(said).toMatch(
      /^with-scripts\/runner\/scripts\/(go|tool\.py), with-scripts\/runner\/scripts\/(go|tool\.py) look like scripts\./,
    );
    expect(said).toContain("stored non-executable");
    expect(said).toContain("as an archive");
    expect(await page.locator("#pick-folder").isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot("03-scripts-notice", false);
    await page.locator("#scripts-stop").click();
    await expect
      .poll(() => outcome().textContent(), patience)
      .toBe("Did not upload folder 'with-scripts' (3 files).");
    expect(posts).toEqual([]);
    await page.locator("#folder-input").setInputFiles(folder);
    await page.locator("#scripts-go").click();
    await expect.poll(() => card("runner").count(), patience).toBe(1);
    await card("runner").locator("button.link").click();
    await page.locator('button.file[data-path="scripts/go"]').waitFor();
    expect(await page.locator("#detail-files .badge.exec").count()).toBe(0);
  });

  it("imports an archive through the picker, keeping the executable bit", async () => {
    const archive = join(files, "beta.tgz");
    const tar = buildTar({
      name: "beta",
      root: "beta",
      entries: [
        { path: "beta/SKILL.md", text: "# beta\n\nDoes beta.\n" },
        { path: "beta/scripts/run.sh", text: "#!/bin/sh\necho hi\n", mode: 0o755 },
      ],
      verdict: { ok: false, code: "no-skills" },
    });
    await writeFile(archive, gzipSync(tar));
    await page.locator("#archive-input").setInputFiles(archive);
    await expect.poll(() => outcome().textContent(), patience).toContain("file 'beta.tgz'");
    expect(await outcome().textContent()).toContain("Imported 1 skill.");
    await card("beta").locator("button.link").click();
    const script = page.locator('button.file[data-path="scripts/run.sh"]');
    await script.waitFor();
    expect(await script.locator(".badge").textContent()).toBe("executable");
  });

  it("sends any single dropped file as an archive and lets the reader sniff it", async () => {
    await dropFile(page, "gamma.bundle", tgzOf("gamma", skillFiles("gamma")));
    await expect.poll(() => card("gamma").count(), patience).toBe(1);
    await expect.poll(() => outcome().textContent(), patience).toContain("file 'gamma.bundle'");
    // A zip made by Info-ZIP, dropped under a name that says nothing about it.
    const zipped = join(files, "zipped");
    await mkdir(join(zipped, "eta"), { recursive: true });
    await writeFile(join(zipped, "eta", "SKILL.md"), "# eta\n\nDoes eta.\n");
    execFileSync("zip", ["-qr", join(files, "eta.zip"), "eta"], { cwd: zipped });
    await dropFile(page, "eta-download", await readFile(join(files, "eta.zip")));
    await expect.poll(() => card("eta").count(), patience).toBe(1);
    await expect.poll(() => outcome().textContent(), patience).toContain("file 'eta-download'");
    await dropFile(page, "notes.md", new TextEncoder().encode("# not an archive\n"));
    await expect.poll(() => outcome().getAttribute("class"), patience).toContain("refusal");
    expect(await page.locator("#outcome .code").textContent()).toBe("not-an-archive");
  });

  it("imports a folder dropped on the page, walking its entries", async () => {
    // Chromium cannot be handed a real dragged folder here, so the drop carries
    // entries shaped as the File and Directory Entries API gives them, with
    // readers that answer in small batches, as real ones do for big folders.
    await page.evaluate(`(() => {
      const fileEntry = (fullPath, text) => ({
        isFile: true, isDirectory: false, name: fullPath.split("/").pop(), fullPath,
        file: (done) => done(new File([text], fullPath.split("/").pop())),
      });
      const dirEntry = (fullPath, children) => ({
        isFile: false, isDirectory: true, name: fullPath.split("/").pop(), fullPath,
        createReader: () => {
          const left = [...children];
          return { readEntries: (done) => done(left.splice(0, 1)) };
        },
      });
      const folder = dirEntry("/dropped", [
        dirEntry("/dropped/epsilon", [
          fileEntry("/dropped/epsilon/SKILL.md", "# epsilon\\n\\nDoes epsilon.\\n"),
          dirEntry("/dropped/epsilon/refs", [fileEntry("/dropped/epsilon/refs/a.md", "a\\n")]),
        ]),
      ]);
      const drop = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(drop, "dataTransfer", {
        value: { items: [{ webkitGetAsEntry: () => folder }], files: [] },
      });
      document.getElementById("drop").dispatchEvent(drop);
    })()`);
    await expect.poll(() => card("epsilon").count(), patience).toBe(1);
    await expect.poll(() => outcome().textContent(), patience).toContain("epsilon — 2 files");
  });

  it("shows progress with the pickers disabled, and Cancel aborts the upload", async () => {
    // A plain tar (gzip would shrink it) of 6 MiB, sent at 256 KiB/s.
    const archive = join(files, "delta.tar");
    await writeFile(
      archive,
      tarOf("delta", skillFiles("delta", { "big.md": "x".repeat(6 * 1024 * 1024) })),
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const throttle = (uploadThroughput: number) =>
      cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(256 * 1024);
    try {
      await page.locator("#archive-input").setInputFiles(archive);
      await page.locator("#progress").waitFor();
      expect(await page.locator("#progress").textContent()).toContain("Uploading file 'delta.tar'");
      expect(await page.locator("#pick-folder").isDisabled()).toBe(true);
      expect(await page.locator("#pick-archive").isDisabled()).toBe(true);
      expect(await outcome().isVisible()).toBe(false);
      await shoot("04-upload-progress");
      await page.locator("#cancel-upload").click();
      await expect
        .poll(() => outcome().textContent(), patience)
        .toMatch(/^Cancelled the upload of file 'delta.tar' at /);
    } finally {
      await throttle(-1);
    }
    expect(await page.locator("#progress").isVisible()).toBe(false);
    expect(await page.locator("#pick-archive").isDisabled()).toBe(false);
    expect(await card("delta").count()).toBe(0);
  });

  it("shows the refusal sentence for a hostile bundle", async () => {
    const hostile = cases.find((c) => c.name === "a traversal inside a skill");
    expect(hostile).toBeDefined();
    const bytes = buildTar(hostile!);
    const archive = join(files, "hostile.tar");
    await writeFile(archive, bytes);
    const read = await readBundle({ kind: "archive", bytes, name: "hostile" });
    expect(read.ok).toBe(false);
    const sentence = read.ok ? "" : message(read.refusal, "console");
    await page.locator("#archive-input").setInputFiles(archive);
    await expect.poll(() => outcome().getAttribute("class"), patience).toContain("refusal");
    expect(await page.locator("#outcome .code").textContent()).toBe("unsafe-path");
    expect(await outcome().textContent()).toContain(`unsafe-path${sentence}`);
    expect(await outcome().textContent()).toContain("file 'hostile.tar' at");
    expect(await seriousViolations(page)).toEqual([]);
    await shoot("05-refusal");
  });

  it("views a skill's files as text, never as markup", async () => {
    await card("alpha").locator("button.link").click();
    await expect.poll(() => page.locator("#detail-title").textContent(), patience).toBe("alpha");
    const skill = await readFile(join(server.roots.managed, "alpha", "SKILL.md"), "utf8");
    await expect.poll(() => page.locator("#viewer-text").textContent(), patience).toBe(skill);
    expect(await page.locator("#viewer-text img, #viewer-text b").count()).toBe(0);
    expect(await page.title()).toBe("skillshelf");
    await page.locator('button.file[data-path="references/notes.md"]').click();
    await expect.poll(() => page.locator("#viewer-text").textContent(), patience).toBe("Notes.\n");
  });

  it("removes a managed skill after a confirmation, and offers no removal of a builtin one", async () => {
    expect(await card("house-style").locator("[data-remove]").count()).toBe(0);
    await page.getByRole("button", { name: "Remove alpha" }).click();
    await expect.poll(() => page.locator("#confirm-remove").isVisible(), patience).toBe(true);
    expect(await page.locator("#confirm-text").textContent()).toContain("'alpha'");
    await page.locator("#confirm-cancel").click();
    expect(await card("alpha").count()).toBe(1);
    await page.getByRole("button", { name: "Remove alpha" }).click();
    await page.locator("#confirm-button").click();
    await expect.poll(() => card("alpha").count(), patience).toBe(0);
    expect(await outcome().textContent()).toMatch(/^Removed 'alpha' at /);
    expect(await page.locator("#detail").isVisible()).toBe(false);
    expect(existsSync(join(server.roots.managed, "alpha"))).toBe(false);
  });

  it("follows another client's imports and removals without a reload", async () => {
    await expect.poll(() => page.locator("#live").isVisible(), patience).toBe(true);
    const imported = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/gzip" },
      body: tgzOf("zeta", skillFiles("zeta")),
    });
    expect(imported.status).toBe(201);
    await expect.poll(() => card("zeta").count(), patience).toBe(1);
    const removed = await fetch(`${server.url}/api/skills/gamma`, {
      method: "DELETE",
      headers: server.auth,
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => card("gamma").count(), patience).toBe(0);
  });

  it("offers a field for the token when the address has none, and keeps it for the tab", async () => {
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(`${server.url}/`);
      const field = other.getByLabel("API token", { exact: true });
      await field.waitFor();
      expect(await other.locator("#catalog").isVisible()).toBe(false);
      // No catalog, no revision: the header shows no label without a value.
      const revisionLabel = other.locator("header").getByText("revision", { exact: true });
      expect(await revisionLabel.isVisible()).toBe(false);
      expect(await other.locator("header").isVisible()).toBe(true);
      expect(await seriousViolations(other)).toEqual([]);
      await other.screenshot({ path: join(shots, "09-no-token.png") });
      await field.fill("not-the-token-at-all");
      await other.getByRole("button", { name: "Use this token" }).click();
      await expect
        .poll(() => other.locator("#no-token-why").textContent(), patience)
        .toContain("refused that token");
      expect(await other.evaluate("sessionStorage.getItem('skillshelf-token')")).toBeNull();
      await field.fill(server.token);
      await other.getByRole("button", { name: "Use this token" }).click();
      await expect
        .poll(() => other.locator('li[data-skill="house-style"]').count(), patience)
        .toBe(1);
      expect(await revisionLabel.isVisible()).toBe(true);
      expect(await other.locator("#revision").textContent()).toMatch(/^[0-9a-f]{64}$/);
      expect(await other.evaluate("sessionStorage.getItem('skillshelf-token')")).toBe(server.token);
      expect(other.url()).toBe(`${server.url}/`);
      await other.reload();
      await expect
        .poll(() => other.locator('li[data-skill="house-style"]').count(), patience)
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
