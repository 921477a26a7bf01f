// Once per vitest run of the server project: one Chromium shared by every
// browser file, rather than one started per file (each start cost 0.4 to 1.1 s
// on the 2-core machine, and two of them at once competed with the tests).
// The browser starts on the first file that asks for it, so a run without a
// browser file (the light suites on Node 22 and 24, `--tags-filter='!heavy'`)
// starts none. A file asks through a loopback address given by
// provide/inject; the answer is the browser's WebSocket endpoint, which the
// file connects to with a context of its own. The browser is closed when the
// run ends.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumLaunchOptions } from "./chromium-options.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Answers the shared Chromium's WebSocket endpoint, starting it on the first request. */
    chromiumBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<BrowserServer> | undefined;
  const start = async (): Promise<BrowserServer> => {
    const { chromium } = await import("playwright-core");
    return chromium.launchServer(chromiumLaunchOptions());
  };
  const path = `/${randomUUID()}`;
  const broker = createServer((request, response) => {
    if (request.url !== path) {
      response.writeHead(404).end();
      return;
    }
    started ??= start();
    started.then(
      (browser) => response.end(browser.wsEndpoint()),
      (error: unknown) => {
        // A later file tries again rather than inheriting one failed start.
        started = undefined;
        response.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  const { port } = broker.address() as AddressInfo;
  project.provide("chromiumBroker", `http://127.0.0.1:${port}${path}`);
  return async () => {
    broker.close();
    const browser = await started?.catch(() => undefined);
    await browser?.close();
  };
}
