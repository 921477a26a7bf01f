// The catalog source's kept admissions (admissions.ts): kept only while
// changes are heard, forgotten on every change, made again when old or when
// the SKILL.md they were made from is not the one listed now; and the
// listing kept beside them, answered only under the same stamp while every
// admission it was made from stands.
import { describe, expect, it } from "vitest";
import { createAdmissions, MAX_AGE_MS } from "../src/admissions.js";
import type { ServedSkill, SourceListing } from "../src/skill-source.js";

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

describe("the kept listing", () => {
  /** Admissions holding `a` and `b`, and the listing made from them under stamp `s1`. */
  function listed() {
    const clock = clocked();
    const { admissions } = clock;
    admissions.setActive(true);
    const generation = admissions.generation;
    const skills = ["a", "b"].map((id) => {
      const admitted = { skill: skill(id), origin: "managed" as const };
      admissions.keep(admitted, `digest-${id}`, generation);
      return admitted.skill;
    });
    const listing: SourceListing = { skills, refused: [] };
    admissions.keepListing(listing, "s1", generation);
    return { ...clock, listing, generation };
  }

  it("answers the listing under its own stamp, and under no other", () => {
    const { admissions, listing } = listed();
    expect(admissions.listing("s1")).toBe(listing);
    expect(admissions.listing(undefined)).toBeUndefined();
    expect(admissions.listing("s2")).toBeUndefined();
    // A stamp that differed once has dropped it.
    expect(admissions.listing("s1")).toBeUndefined();
  });

  it.each([
    { name: "a change heard", act: (a: ReturnType<typeof listed>) => a.admissions.changed() },
    {
      name: "one admission forgotten",
      act: (a: ReturnType<typeof listed>) => a.admissions.forget("b"),
    },
    {
      name: "one admission made again",
      act: (a: ReturnType<typeof listed>) =>
        a.admissions.keep({ skill: skill("a"), origin: "managed" }, "digest-a", a.generation),
    },
    {
      name: "one admission found with another SKILL.md digest",
      act: (a: ReturnType<typeof listed>) => a.admissions.get("a", "digest-other"),
    },
    {
      name: "the oldest admission past MAX_AGE_MS",
      act: (a: ReturnType<typeof listed>) => a.advance(MAX_AGE_MS + 1),
    },
    {
      name: "the last listener gone",
      act: (a: ReturnType<typeof listed>) => a.admissions.setActive(false),
    },
  ])("is dropped by $name", ({ act }) => {
    const state = listed();
    expect(state.admissions.listing("s1")).toBe(state.listing);
    act(state);
    expect(state.admissions.listing("s1")).toBeUndefined();
  });

  it("is not kept when an admission it lists is not the one kept, or across a change", () => {
    const { admissions, generation } = listed();
    const stranger: SourceListing = { skills: [skill("a")], refused: [] };
    admissions.keepListing(stranger, "s2", generation);
    expect(admissions.listing("s2")).toBeUndefined();
    const kept = admissions.get("a")!;
    admissions.changed();
    admissions.keep(kept, "digest-a", admissions.generation);
    admissions.keepListing({ skills: [kept.skill], refused: [] }, "s3", generation);
    expect(admissions.listing("s3")).toBeUndefined();
  });

  it("lives no longer than the oldest admission it was made from", () => {
    const { admissions, advance, generation } = listed();
    advance(MAX_AGE_MS / 2);
    const fresh = { skill: skill("c"), origin: "managed" as const };
    admissions.keep(fresh, "digest-c", generation);
    const listing = {
      skills: [admissions.get("a")!.skill, fresh.skill],
      refused: [],
    };
    admissions.keepListing(listing, "s4", generation);
    expect(admissions.listing("s4")).toBe(listing);
    advance(MAX_AGE_MS / 2 + 1);
    expect(admissions.listing("s4")).toBeUndefined();
  });
});
