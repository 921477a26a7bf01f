import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { revisionOf } from "@skillshelf/skill-catalog";
import { describe, expect, it } from "vitest";
import { type Payload, payload } from "../src/index.js";
import { makeRoots, manySkills, skillTextOfSize } from "./trees.js";

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** Checks a payload is one consistent view: bodies match digests, digests make the revision. */
function expectConsistent(built: Payload): void {
  for (const skill of built.skills) expect(sha256(skill.text), skill.id).toBe(skill.digest);
  expect(built.revision).toBe(revisionOf(built.skills));
}

describe("payload under concurrent edits", () => {
  it("always pairs each body with its digest and the digests with the revision", async () => {
    const roots = await makeRoots(manySkills(40, 20_000));
    const edited = ["skill-0003", "skill-0017", "skill-0031"];

    let editing = true;
    let writes = 0;
    const writer = (async () => {
      while (editing) {
        for (const id of edited) {
          // Rewritten in place (truncate, then write), the harshest case for a reader.
          const body = skillTextOfSize(id, 20_000 - (writes % 7));
          await writeFile(join(roots.builtin, id, "SKILL.md"), body);
          writes++;
        }
      }
    })();

    const revisions = new Set<string>();
    try {
      // At least 40 payloads, and on until the writer has had turns enough to
      // interleave (a loaded machine gives it fewer per payload).
      for (let round = 0; round < 40 || (writes <= 60 && round < 2_000); round++) {
        const result = await payload(roots);
        if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
        expectConsistent(result.payload);
        revisions.add(result.payload.revision);
      }
    } finally {
      editing = false;
      await writer;
    }
    expect(writes).toBeGreaterThan(40);
    expect(revisions.size).toBeGreaterThan(1);
  });
});
