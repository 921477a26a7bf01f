// Renders docs/console.png: the built server on examples/workspace with a
// fresh data directory, the sample bundle imported through the folder
// picker, and one skill open. Run after `pnpm build`:
//   node apps/server/scripts/screenshot.mjs
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const data = await mkdtemp(join(tmpdir(), "skillshelf-screenshot-"));
const server = spawn(
  process.execPath,
  [
    join(repo, "apps/server/dist/bin.js"),
    "--port",
    "0",
    "--data",
    data,
    "--workspace",
    join(repo, "examples/workspace"),
  ],
  { stdio: ["ignore", "pipe", "ignore"] },
);
const url = await new Promise((resolve) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    const match = /console: (http:\/\/\S+#token=\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.goto(url);
  await page.locator('tr[data-skill="commit-messages"]').waitFor();
  await page.locator("#folder-input").setInputFiles(join(repo, "examples/sample-bundle"));
  await page.locator("#outcome.success").waitFor();
  await page.locator('tr[data-skill="pdf-tools"] button.link').click();
  await page.locator("#detail").waitFor();
  await page.screenshot({ path: join(repo, "docs/console.png"), fullPage: true });
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await rm(data, { recursive: true, force: true });
}
