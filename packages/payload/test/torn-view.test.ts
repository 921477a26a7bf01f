import { message } from "@skillshelf/contract";
import { describe, expect, it, vi } from "vitest";
import { payload } from "../src/index.js";
import { makeRoots, skillText } from "./trees.js";

// A catalog that pairs a digest with a body it does not describe (a bug the
// payload must never pass on to a worker) stands in for the real one here.
vi.mock("@skillshelf/skill-catalog", async (importOriginal) => {
  const real = await importOriginal<typeof import("@skillshelf/skill-catalog")>();
  return {
    ...real,
    catalogWithBodies: async (roots: Parameters<typeof real.catalogWithBodies>[0]) => {
      const view = await real.catalogWithBodies(roots);
      const beta = view.skills.find((skill) => skill.id === "beta");
      if (beta !== undefined) beta.text += "edited after hashing\n";
      return view;
    },
  };
});

describe("payload over a catalog that tears a body from its digest", () => {
  it("refuses as internal, naming the skill, instead of handing out the pair", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha"), beta: skillText("beta") });
    const result = await payload(roots);
    if (result.ok) throw new Error("a torn pair was offered");
    expect(result.refusal).toMatchObject({ code: "internal", skill: "beta" });
    expect(message(result.refusal)).toContain("'beta'");
  });

  it("offers a view whose pairs all agree", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const result = await payload(roots);
    expect(result.ok && result.payload.skills.map((s) => s.id)).toEqual(["alpha"]);
  });
});
