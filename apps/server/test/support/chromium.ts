// Debian's Chromium, headless, for the console tests. The flags keep it off
// the network (this machine has none but loopback) and out of first-run work;
// a browser is never downloaded. The flags are in chromium-flags.json, which
// scripts/screenshots.mjs launches with too.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { expect } from "vitest";
import flags from "./chromium-flags.json" with { type: "json" };

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  expect(existsSync(chromiumPath), `Chromium is missing at ${chromiumPath}`).toBe(true);
  return chromium.launch({
    executablePath: chromiumPath,
    args: flags,
  });
}
