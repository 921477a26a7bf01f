import { countCalls, totalCalls } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { payload } from "../src/index.js";
import { makeRoots, manySkills } from "./trees.js";

// Cost is measured as file-system and hashing calls, not time: a payload over
// n skills must make a fixed number of calls per skill, whatever n is.
const fileReads = (counts: Record<string, number>): number =>
  Object.entries(counts)
    .filter(([name]) => /\.(open|openSync|readFile|readFileSync)$/.test(name))
    .reduce((sum, [, n]) => sum + n, 0);

async function countsFor(n: number): Promise<Record<string, number>> {
  const roots = await makeRoots(manySkills(n, 512));
  let offered = -1;
  const counts = await countCalls(async () => {
    const result = await payload(roots);
    offered = result.ok ? result.payload.skills.length : -1;
  });
  expect(offered).toBe(n);
  return counts;
}

/** Asserts the cost of one more skill is the same at 50 skills as at 400. */
function expectLinear(label: string, [c50, c100, c200, c400]: number[]): void {
  const perSkillSmall = (c100! - c50!) / 50;
  const perSkillLarge = (c400! - c200!) / 200;
  expect(perSkillSmall, label).toBeGreaterThan(0);
  expect(Math.abs(perSkillLarge - perSkillSmall) / perSkillSmall, label).toBeLessThan(0.1);
  expect(c400! / c50!, label).toBeLessThan(9);
}

describe("payload cost", () => {
  it("grows linearly with the number of skills, in file reads and in all calls", async () => {
    const sizes = [50, 100, 200, 400];
    const counts: Record<string, number>[] = [];
    for (const n of sizes) counts.push(await countsFor(n));
    const reads = counts.map(fileReads);
    // Every SKILL.md is read for the catalog, and the skill's files once more
    // for a builtin skill's manifest (it has no install record): the same few
    // reads per skill at every size. Each read of a skill's files opens the
    // skill's directory first and reads through it (skill-catalog's
    // held-reads.ts), so three reads are six opens.
    const perSkill = Math.floor(reads[0]! / sizes[0]!);
    expect(perSkill).toBeLessThanOrEqual(6);
    expect(reads.map((r, i) => r >= perSkill * sizes[i]! && r <= perSkill * sizes[i]! + 4)).toEqual(
      sizes.map(() => true),
    );
    expectLinear("file reads", reads);
    expectLinear("all calls", counts.map(totalCalls));
  });
});
