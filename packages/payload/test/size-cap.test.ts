import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { message } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { MAX_PAYLOAD_BYTES, materialize, payload, readPayload } from "../src/index.js";
import { makeRoots, makeTempDir, skillTextOfSize, writeSkills } from "./trees.js";

const FILE_CAP = 262_144; // the catalog's cap on one SKILL.md

/** Skills whose bodies total exactly `total` bytes, each within the per-file cap. */
function skillsTotalling(total: number): Record<string, string> {
  const skills: Record<string, string> = {};
  let left = total;
  for (let i = 0; left > 0; i++) {
    const id = `big-${i}`;
    // Leave no remainder too small to hold a title.
    const size = left > FILE_CAP && left - FILE_CAP < 32 ? FILE_CAP - 32 : Math.min(FILE_CAP, left);
    skills[id] = skillTextOfSize(id, size);
    left -= size;
  }
  return skills;
}

describe("the 2 MiB cap on the bodies' total", () => {
  it("offers bodies totalling exactly the limit", async () => {
    const roots = await makeRoots(skillsTotalling(MAX_PAYLOAD_BYTES));
    const result = await payload(roots);
    if (!result.ok) throw new Error(`refused: ${message(result.refusal)}`);
    const total = result.payload.skills.reduce((sum, s) => sum + Buffer.byteLength(s.text), 0);
    expect(total).toBe(MAX_PAYLOAD_BYTES);
    expect(result.payload.skills).toHaveLength(8);
  });

  it("refuses one byte over with payload-too-large and a sentence", async () => {
    const roots = await makeRoots(skillsTotalling(MAX_PAYLOAD_BYTES + 1));
    const result = await payload(roots);
    if (result.ok) throw new Error("a payload over the limit was offered");
    expect(result.refusal).toMatchObject({ code: "payload-too-large", limit: MAX_PAYLOAD_BYTES });
    expect(result.refusal.detail).toBe("the 9 bodies total 2,097,153 bytes");
    expect(message(result.refusal)).toBe(
      "The offered skills' bodies total more than 2 MiB (the 9 bodies total 2,097,153 bytes); remove or shorten skills until they fit.",
    );
  });

  it("counts UTF-8 bytes, not characters", async () => {
    const id = "wide";
    const head = `# ${id}\n\n`;
    // 4-byte characters: the character count stays far below the limit.
    const wide = head + "🚀".repeat((FILE_CAP - head.length) / 4);
    const skills: Record<string, string> = { ...skillsTotalling(MAX_PAYLOAD_BYTES - 100) };
    skills[id] = wide;
    const result = await payload(await makeRoots(skills));
    expect(wide.length).toBeLessThan(FILE_CAP);
    expect(result.ok ? "offered" : result.refusal.code).toBe("payload-too-large");
  });

  it("writes nothing when the payload is refused, and keeps an earlier file", async () => {
    const out = await makeTempDir();
    const skills = skillsTotalling(MAX_PAYLOAD_BYTES);
    const roots = await makeRoots(skills);
    const first = await materialize(roots, out);
    if (!first.ok) throw new Error(`refused: ${first.refusal.code}`);

    await writeSkills(roots.builtin, { extra: skillTextOfSize("extra", 100) });
    const second = await materialize(roots, out);
    expect(second.ok ? "written" : second.refusal.code).toBe("payload-too-large");
    expect(await readdir(out)).toEqual(["skills.json"]);
    expect(await readPayload(join(out, "skills.json"))).toEqual({
      ok: true,
      payload: first.payload,
    });
  });
});
