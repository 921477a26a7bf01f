// @module-tag heavy
// The console's views in headless Chromium against a real server: the
// layout at 390, 768 and 1440 px (nothing wider than the window, long
// descriptions clamped), the filter over id and description, a skill of 70
// files as a collapsible tree with aligned sizes and the executable label,
// the viewer in sight beside the list, one file fetched at a time, focus on
// the skill's heading, refusals with the table's sentence, no server path
// anywhere a browser user reads (a skill's place, a clash), and axe-core
// finding no serious or critical violation on any view. Screenshots of each
// width go to test-results/console/.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";
import { connectChromium } from "./support/chromium.js";
import {
  dropFile,
  openConsole,
  overflowOf,
  patience,
  seriousViolations,
} from "./support/console-page.js";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

const shots = fileURLToPath(new URL("../test-results/console/", import.meta.url));
/** The longest id the id rule allows: 64 characters. */
const longId = "a-very-long-skill-identifier-that-goes-on-and-on-for-sixty-fours";
const longDescription = `Turns meeting notes into minutes. ${"It keeps decisions, owners and dates, and drops the chatter. ".repeat(14)}`;

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];

/** 70 files in nested folders, two of them executable. */
async function writeBigSkill(root: string): Promise<void> {
  const extra: Record<string, string> = {};
  for (let i = 0; i < 30; i++)
    extra[`references/topic-${String(i).padStart(2, "0")}.md`] = `Topic ${i}.\n`.repeat(i * 40 + 1);
  for (let i = 0; i < 25; i++) extra[`examples/set-${i % 5}/example-${i}.txt`] = `example ${i}\n`;
  for (let i = 0; i < 14; i++) extra[`assets/templates/template-${i}.md`] = `# Template ${i}\n`;
  extra["scripts/build.sh"] = "#!/bin/sh\necho build\n";
  await writeSkill(root, "big-skill", extra);
  await chmod(join(root, "big-skill", "scripts/build.sh"), 0o755);
}

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  await writeSkill(server.roots.builtin, "house-style", { "references/tone.md": "Be brief.\n" });
  await mkdir(join(server.roots.builtin, "meeting-minutes"), { recursive: true });
  await writeFile(
    join(server.roots.builtin, "meeting-minutes", "SKILL.md"),
    `---\nname: meeting-minutes\ndescription: ${longDescription}\n---\n\n# Meeting minutes\n`,
  );
  await writeBigSkill(server.roots.managed);
  await writeSkill(server.roots.managed, longId);
  await writeSkill(server.roots.managed, "mislabeled");
  await writeFile(join(server.roots.managed, "mislabeled", "SKILL.md"), "# another-name\n");
  browser = await connectChromium();
  ({ page, problems } = await openConsole(browser, server));
  await page.locator('li[data-skill="house-style"]').waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (id: string) => page.locator(`li[data-skill="${id}"]`);

async function openSkill(id: string): Promise<void> {
  if (await page.locator("#detail").isVisible()) await page.locator("#close-detail").click();
  await card(id).locator("button.link").click();
  await expect.poll(() => page.locator("#detail-title").textContent(), patience).toBe(id);
  await page.locator("#detail-files button.file").first().waitFor();
}

describe.sequential("the console's views", () => {
  it("lists refusals with the server's sentence, and no empty-state text above them", async () => {
    const listed = await bodyOf(await fetch(`${server.url}/api/skills`, { headers: server.auth }));
    const refusal = listed.refused.find((r: { id: string }) => r.id === "mislabeled");
    expect(refusal.message).toEqual(expect.any(String));
    const item = page.locator('li[data-refused="mislabeled"]');
    expect(await item.locator(".reason").textContent()).toBe(refusal.message);
    expect(await item.locator(".code").textContent()).toBe("identity-mismatch");
    expect(await page.locator("#no-skills").isVisible()).toBe(false);
  });

  it.each([390, 768, 1440])(
    "fits %i px without sideways scrolling, in the catalog and a skill",
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      // The first width finds no skill open; a click on the absent button waited out the 20 s timeout.
      if (await page.locator("#detail").isVisible()) await page.locator("#close-detail").click();
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      expect(await page.locator("#pick-archive").isVisible()).toBe(true);
      const box = await page.locator("#pick-archive").boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(shots, `catalog-${width}.png`), fullPage: true });
      await openSkill("big-skill");
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shots, `skill-${width}.png`), fullPage: false });
    },
  );

  it.each([390, 1440])(
    "keeps a card's size and its Remove button in one place whatever the id's length, at %i px",
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      expect(longId).toHaveLength(64);
      /** Where a card's Remove button sits within the card, and the card's size. */
      const placeOf = async (id: string) => {
        const cardBox = (await card(id).boundingBox())!;
        const button = (await card(id).locator("[data-remove]").boundingBox())!;
        const head = (await card(id).locator(".skill-head").boundingBox())!;
        return {
          x: Math.round(button.x - cardBox.x),
          y: Math.round(button.y - cardBox.y),
          cardWidth: Math.round(cardBox.width),
          headHeight: Math.round(head.height),
        };
      };
      const short = await placeOf("big-skill");
      const long = await placeOf(longId);
      expect(long).toEqual(short);
      if (width === 390) {
        // One column: the two buttons share an absolute x too.
        const a = await card("big-skill").locator("[data-remove]").boundingBox();
        const b = await card(longId).locator("[data-remove]").boundingBox();
        expect(Math.round(b!.x)).toBe(Math.round(a!.x));
      }
      // The id is cut within its own box, never past the button, and is whole in its title.
      const id = card(longId).locator("button.link");
      const idBox = (await id.boundingBox())!;
      const removeBox = (await card(longId).locator("[data-remove]").boundingBox())!;
      expect(idBox.x + idBox.width).toBeLessThanOrEqual(removeBox.x);
      expect(await id.getAttribute("title")).toBe(longId);
      expect(await id.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    },
  );

  it("clamps a long description to three lines, its whole text in the title", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const description = card("meeting-minutes").locator(".description");
    const { clientHeight, scrollHeight, lineHeight } = await description.evaluate((node) => {
      const style = (
        globalThis as unknown as { getComputedStyle(n: unknown): { lineHeight: string } }
      ).getComputedStyle(node);
      const box = node as unknown as { clientHeight: number; scrollHeight: number };
      return {
        clientHeight: box.clientHeight,
        scrollHeight: box.scrollHeight,
        lineHeight: Number.parseFloat(style.lineHeight),
      };
    });
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    expect(clientHeight).toBeLessThanOrEqual(Math.ceil(lineHeight * 3) + 1);
    expect(await description.getAttribute("title")).toBe(longDescription.trim());
  });

  it("filters the catalog by id and by description", async () => {
    const filter = page.getByLabel("Filter by id or description");
    const shown = () =>
      page
        .locator("#skills li[data-skill]")
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-skill")));
    await filter.fill("HOUSE");
    expect(await shown()).toEqual(["house-style"]);
    await filter.fill("decisions, owners");
    expect(await shown()).toEqual(["meeting-minutes"]);
    expect(await page.locator("#skill-count").textContent()).toContain("1 shown");
    await filter.fill("nothing has this");
    expect(await shown()).toEqual([]);
    expect(await page.locator("#no-skills").textContent()).toBe("No skill matches the filter.");
    await filter.fill("");
    expect((await shown()).length).toBe(4);
  });

  it("shows a skill's files as a tree of collapsible folders with aligned sizes and the executable label", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const fileRequests: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes("/files/")) fileRequests.push(request.url());
    };
    page.on("request", onRequest);
    await openSkill("big-skill");
    expect(await page.evaluate("document.activeElement && document.activeElement.id")).toBe(
      "detail-title",
    );
    await expect
      .poll(() => page.locator("#viewer-text").textContent(), patience)
      .toBe("# big-skill\n\nDoes big-skill.\n");
    expect(fileRequests).toEqual([`${server.url}/api/skills/big-skill/files/SKILL.md`]);
    page.off("request", onRequest);

    const files = page.locator("#detail-files button.file");
    expect(await files.count()).toBe(71);
    const folders = await page.locator("#detail-files summary").allTextContents();
    expect(folders).toEqual([
      "assets/",
      "templates/",
      "examples/",
      "set-0/",
      "set-1/",
      "set-2/",
      "set-3/",
      "set-4/",
      "references/",
      "scripts/",
    ]);
    const script = page.locator('button.file[data-path="scripts/build.sh"]');
    expect(await script.locator(".badge").textContent()).toBe("executable");
    expect(await page.locator("#detail-files .badge").count()).toBe(1);

    // Sizes share one right edge.
    const edges = await page
      .locator("#detail-files details[open] > ul > li > button.file .size")
      .evaluateAll((nodes) =>
        nodes.map((n) =>
          Math.round(
            (n as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect()
              .right,
          ),
        ),
      );
    expect(new Set(edges.slice(0, 20)).size).toBe(1);

    // A folder collapses and opens again.
    const references = page.locator("#detail-files summary", { hasText: "references/" });
    const topic = page.locator('button.file[data-path="references/topic-00.md"]');
    expect(await topic.isVisible()).toBe(true);
    await references.click();
    expect(await topic.isVisible()).toBe(false);
    await references.click();
    expect(await topic.isVisible()).toBe(true);

    // The last file of a long list: the viewer is still in sight beside the list.
    const last = page.locator('button.file[data-path="SKILL.md"]');
    await last.scrollIntoViewIfNeeded();
    await page.locator('button.file[data-path="references/topic-29.md"]').click();
    await expect
      .poll(() => page.locator("#viewer-name").textContent(), patience)
      .toContain("references/topic-29.md");
    const viewer = await page.locator("#viewer-text").boundingBox();
    const tree = await page.locator("#detail-files").boundingBox();
    expect(viewer!.y).toBeLessThan(900);
    expect(viewer!.y + 40).toBeGreaterThan(0);
    expect(viewer!.x).toBeGreaterThanOrEqual(tree!.x + tree!.width);
    await expect
      .poll(() => page.locator("#viewer-text").textContent(), patience)
      .toBe("Topic 29.\n".repeat(29 * 40 + 1));
  });

  it("shows a browser user no server path: a skill's place is its root's kind, a clash names its root", async () => {
    const noServerPath = async () => {
      const text = (await page.locator("body").textContent()) ?? "";
      const titles = await page
        .locator("[title]")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("title")).join(" "));
      for (const root of [server.roots.builtin, server.roots.managed]) {
        expect(text).not.toContain(root);
        expect(titles).not.toContain(root);
      }
    };
    await openSkill("house-style");
    const facts = await page
      .locator("#detail-facts")
      .evaluate((list) =>
        Object.fromEntries(
          [...list.querySelectorAll("dt")].map((dt) => [
            dt.textContent,
            dt.nextElementSibling?.textContent,
          ]),
        ),
      );
    expect(facts.path).toBe("house-style/SKILL.md in the builtin root");
    await noServerPath();
    await openSkill("big-skill");
    await noServerPath();

    // A skill that clashes with a builtin one is named by its root.
    await dropFile(page, "house-style.tar", tarOf("house-style", skillFiles("house-style")));
    const outcome = page.locator("#outcome");
    await expect.poll(() => outcome.getAttribute("class"), patience).toBe("outcome refusal");
    expect(await outcome.textContent()).toContain(
      "The skill 'house-style' is already defined in the builtin root, and a builtin skill is never overwritten by an import; rename it.",
    );
    await noServerPath();
  });

  it("finds no serious or critical accessibility violation in the catalog, a skill and the removal dialog", async () => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openSkill("big-skill");
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator("#close-detail").click();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByRole("button", { name: "Remove big-skill" }).click();
    await page.locator("#confirm-remove").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("#confirm-cancel").click();
  });

  it("names every Remove button after its skill, refused managed ones included", async () => {
    const names = await page
      .locator("[data-remove]")
      .evaluateAll((nodes) =>
        nodes.map((n) => [n.getAttribute("data-remove"), n.getAttribute("aria-label")]),
      );
    expect(names).toEqual([
      [longId, `Remove ${longId}`],
      ["big-skill", "Remove big-skill"],
      ["mislabeled", "Remove mislabeled"],
    ]);
    await page.getByRole("button", { name: "Remove mislabeled" }).click();
    await page.locator("#confirm-button").click();
    await expect
      .poll(() => page.locator('li[data-refused="mislabeled"]').count(), patience)
      .toBe(0);
    expect(await page.locator("#refused-block").isVisible()).toBe(false);
  });

  it("ran without errors, policy violations or external requests", () => {
    expect(problems).toEqual([]);
  });
});
