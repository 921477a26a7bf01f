// Helpers for the console's browser tests: a page that records every error,
// policy violation and request to another origin; the layout check (nothing
// wider than the window); and axe-core, read from its npm package and run
// inside the page, keeping the serious and critical violations.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";

const require = createRequire(import.meta.url);

/** How long a page may take to show a result on a busy machine. */
export const patience = { timeout: 20_000, interval: 100 };

export type WatchedPage = { page: Page; problems: string[] };

/** A new page at `width` px whose errors and external requests are collected. */
export async function openPage(
  browser: Browser,
  origin: string,
  width = 1200,
): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (entry) => {
    // A refused request is a 4xx answer, which Chromium reports; anything else is a problem.
    const refusedAnswer = /^Failed to load resource: the server responded with a status of 4\d\d/;
    if (entry.type() === "error" && !refusedAnswer.test(entry.text())) {
      problems.push(`console: ${entry.text()}`);
    }
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(origin)) problems.push(`external request: ${request.url()}`);
  });
  return { page, problems };
}

/**
 * A watched page (openPage) signed in to the console at `server` with its
 * token, once the import controls show.
 */
export async function openConsole(
  browser: Browser,
  server: { url: string; token: string },
  width = 1200,
): Promise<WatchedPage> {
  const watched = await openPage(browser, server.url, width);
  await watched.page.goto(`${server.url}/#token=${server.token}`);
  await watched.page.locator("#import").waitFor({ state: "visible" });
  return watched;
}

/** How far the page is wider than its window (0 when nothing scrolls sideways). */
export async function overflowOf(page: Page): Promise<number> {
  const widths = (await page.evaluate(
    "[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]",
  )) as [number, number, number];
  return Math.max(widths[0], widths[1]) - widths[2];
}

let axeSource: string | undefined;

export type Violation = { id: string; impact: string; nodes: number; help: string };

/** Runs axe-core in the page; answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  axeSource ??= await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.evaluate(axeSource);
  const found = (await page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help })))`)) as Violation[];
  return found.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Drops one file with `name` and `bytes` on the page's drop zone, as a person drags it there. */
export async function dropFile(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  // The bytes cross to the page as base64: an array of numbers is serialized
  // element by element, seconds for an archive of a few hundred KiB.
  const transfer = await page.evaluateHandle(
    ([base64, fileName]) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: File): void } };
        atob(data: string): string;
      };
      const binary = scope.atob(base64);
      const content = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) content[i] = binary.charCodeAt(i);
      const data = new scope.DataTransfer();
      data.items.add(new File([content], fileName));
      return data;
    },
    [Buffer.from(bytes).toString("base64"), name] as const,
  );
  await page.locator("#drop").dispatchEvent("drop", { dataTransfer: transfer });
}
