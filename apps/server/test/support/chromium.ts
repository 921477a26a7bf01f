// Debian's Chromium, headless, for the console tests. The flags keep it off
// the network (this machine has none but loopback) and out of first-run work;
// a browser is never downloaded.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { expect } from "vitest";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  expect(existsSync(chromiumPath), `Chromium is missing at ${chromiumPath}`).toBe(true);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
