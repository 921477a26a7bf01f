// The catalog source's kept admissions (admissions.ts): kept only while
// changes are heard, forgotten on every change, made again when old or when
// the SKILL.md they were made from is not the one listed now.
import { describe, expect, it } from "vitest";
import { createAdmissions, MAX_AGE_MS } from "../src/admissions.js";
import type { ServedSkill } from "../src/skill-source.js";

const skill = (id: string): ServedSkill => ({
  id,
  frontmatter: { name: id, description: "d" },
  treeDigest: "t",
  files: [],
});

function clocked() {
  let now = 1_000;
  const admissions = createAdmissions(() => now);
  return { admissions, advance: (ms: number) => (now += ms) };
}

describe("kept admissions", () => {
  it("keeps nothing while no one hears the store's changes", () => {
    const { admissions } = clocked();
    admissions.keep({ skill: skill("a"), origin: "managed" }, "d1", admissions.generation);
    expect(admissions.get("a")).toBeUndefined();
  });

  it.each([
    {
      name: "a change heard forgets every admission",
      act: (a: ReturnType<typeof clocked>) => a.admissions.changed(),
    },
    {
      name: "an admission older than MAX_AGE_MS is made again",
      act: (a: ReturnType<typeof clocked>) => a.advance(MAX_AGE_MS + 1),
    },
    {
      name: "the last listener gone forgets every admission",
      act: (a: ReturnType<typeof clocked>) => a.admissions.setActive(false),
    },
  ])("$name", ({ act }) => {
    const clock = clocked();
    const { admissions } = clock;
    admissions.setActive(true);
    admissions.keep({ skill: skill("a"), origin: "managed" }, "d1", admissions.generation);
    expect(admissions.get("a")?.skill.id).toBe("a");
    act(clock);
    if (!admissions.active) admissions.setActive(true);
    expect(admissions.get("a")).toBeUndefined();
  });

  it("is made again when the SKILL.md listed now has another digest", () => {
    const { admissions } = clocked();
    admissions.setActive(true);
    admissions.keep({ skill: skill("a"), origin: "builtin" }, "d1", admissions.generation);
    expect(admissions.get("a", "d1")?.origin).toBe("builtin");
    expect(admissions.get("a", "d2")).toBeUndefined();
    expect(admissions.get("a")).toBeUndefined();
  });

  it("does not keep an admission made across a change", () => {
    const { admissions } = clocked();
    admissions.setActive(true);
    const started = admissions.generation;
    admissions.changed();
    admissions.keep({ skill: skill("a"), origin: "managed" }, "d1", started);
    expect(admissions.get("a")).toBeUndefined();
  });

  it("forgets the skills gone from the catalog", () => {
    const { admissions } = clocked();
    admissions.setActive(true);
    for (const id of ["a", "b"]) {
      admissions.keep({ skill: skill(id), origin: "managed" }, id, admissions.generation);
    }
    admissions.retain(new Set(["b"]));
    expect([admissions.get("a"), admissions.get("b")?.skill.id]).toEqual([undefined, "b"]);
  });
});
