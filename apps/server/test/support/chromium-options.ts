// Debian's Chromium, headless, for the console tests. The flags keep it off
// the network (this machine has none but loopback) and out of first-run work;
// a browser is never downloaded. The flags are in chromium-flags.json, which
// scripts/screenshots.mjs launches with too.
import type { LaunchOptions } from "playwright-core";
import flags from "./chromium-flags.json" with { type: "json" };

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: chromiumPath, args: flags };
}
