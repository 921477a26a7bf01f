// @module-tag heavy
// The console's "signed by" badge in headless Chromium against a real
// server with a trust file: a builtin skill whose tree alice signed (with
// ssh-keygen) shows "signed by alice@example.com", the key's fingerprint in
// its title; an unsigned one shows no badge; and under the policy the
// unsigned skill is marked withheld as `unsigned`.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { decideTrust } from "@skillshelf/shelf";
import {
  allowedSignersLine,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
} from "@skillshelf/test-utils/ssh-keygen";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium } from "./support/chromium.js";
import { openPage, patience } from "./support/console-page.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const keys = makeKeyDir();
const alice = makeKey(keys.dir, { type: "ed25519" });

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  const trustFile = join(keys.dir, "allowed_signers");
  await writeFile(trustFile, allowedSignersLine("alice@example.com", alice));
  const decided = await decideTrust(
    {},
    { SKILLSHELF_TRUST: trustFile, SKILLSHELF_REQUIRE_SIGNED: "1" },
    keys.dir,
  );
  if (!decided.ok) throw new Error(JSON.stringify(decided.refusal));
  server = await startServer({ trust: decided.trust });
  for (const id of ["house", "notes"]) {
    await mkdir(join(server.roots.builtin, id));
    await writeFile(
      join(server.roots.builtin, id, "SKILL.md"),
      `---\nname: ${id}\ndescription: Does ${id}\n---\n\n# ${id}\n`,
    );
  }
  const house = await bodyOf(
    await fetch(`${server.url}/api/skills/house`, { headers: server.auth }),
  );
  const statement = `skillshelf-tree-v1 house ${house.skill.treeDigest}\n`;
  await writeFile(
    join(server.roots.builtin, "house", "SKILL.sig"),
    signWithSshKeygen(alice, statement, "skillshelf"),
  );
  browser = await connectChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  keys.remove();
});

describe("the console's signer badge", () => {
  it("names who signed a skill, and marks an unsigned one withheld", async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.goto(`${server.url}/#token=${server.token}`);
    const house = page.locator('li[data-skill="house"]');
    await house.waitFor();
    const badge = house.locator(".badge.signed");
    await expect.poll(() => badge.textContent(), patience).toBe("signed by alice@example.com");
    expect(await badge.getAttribute("title")).toBe(`${alice.fingerprint} (ssh-ed25519)`);
    const notes = page.locator('li[data-skill="notes"]');
    expect(await notes.locator(".badge.signed").count()).toBe(0);
    expect(await notes.locator("[data-withheld]").textContent()).toBe("unsigned");
    expect(problems).toEqual([]);
  });
});
