// Renders the console's pictures from one run: the built server on
// examples/workspace with a fresh data directory, the sample bundle
// imported as an archive (so its scripts keep their executable bit; the
// console offers its two skills and both are imported), and
// one skill open, at 390 px (docs/console-390.png) and 1440 px
// (docs/console-1440.png); the README's picture (docs/console.png) is the
// 1440 px one. Run after `pnpm build`:
//   node scripts/screenshots.mjs
import { execFileSync, spawn } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import flags from "../apps/server/test/support/chromium-flags.json" with { type: "json" };

const repo = fileURLToPath(new URL("../", import.meta.url));
const data = await mkdtemp(join(tmpdir(), "skillshelf-screenshots-"));
const archive = join(data, "sample-bundle.tar.gz");
execFileSync("tar", ["-czf", archive, "-C", join(repo, "examples"), "sample-bundle"]);
const server = spawn(
  process.execPath,
  [
    join(repo, "apps/server/dist/bin.js"),
    "--port",
    "0",
    "--data",
    join(data, "store"),
    "--workspace",
    join(repo, "examples/workspace"),
  ],
  { stdio: ["ignore", "pipe", "ignore"] },
);
const url = await new Promise((resolve) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    const match = /(http:\/\/\S+#token=\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: flags,
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(url);
  await page.locator('li[data-skill="commit-messages"]').waitFor();
  await page.locator("#archive-input").setInputFiles(archive);
  // A collection is offered skill by skill, every one ticked: import them all.
  await page.locator("#choose").waitFor();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.locator("#outcome.success").waitFor();
  await page.locator('li[data-skill="pdf-tools"]').waitFor();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    if (await page.locator("#detail").isVisible()) await page.locator("#close-detail").click();
    await page.locator('li[data-skill="pdf-tools"] button.link').click();
    await page.locator("#detail-files button.file").first().waitFor();
    await page.locator("#viewer-text").filter({ hasText: /\S/ }).waitFor();
    await page.evaluate("window.scrollTo(0, 0)");
    await page.screenshot({ path: join(repo, `docs/console-${width}.png`), fullPage: true });
  }
  await copyFile(join(repo, "docs/console-1440.png"), join(repo, "docs/console.png"));
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await rm(data, { recursive: true, force: true });
}
