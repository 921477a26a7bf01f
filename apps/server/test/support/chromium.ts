// The console tests' Chromium: a connection of this file's own to the one
// browser the run shares (started by chromium-broker.ts, this project's
// global setup). Closing the connection closes the file's pages and
// contexts, not the browser.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { expect, inject } from "vitest";
import { chromiumPath } from "./chromium-options.js";

export async function connectChromium(): Promise<Browser> {
  expect(existsSync(chromiumPath), `Chromium is missing at ${chromiumPath}`).toBe(true);
  const broker = inject("chromiumBroker");
  expect(broker, "no shared Chromium: run with apps/server/vitest.config.ts").toBeDefined();
  const answer = await fetch(broker);
  const text = await answer.text();
  if (!answer.ok) throw new Error(`Chromium did not start: ${text}`);
  return chromium.connect(text);
}
