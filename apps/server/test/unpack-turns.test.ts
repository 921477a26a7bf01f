// The unpack turns: no more than `capacity` imports hold a bundle unpacked
// at once, the rest run in the order they asked, and a turn comes back when
// its work fails as well as when it succeeds.
import { describe, expect, it } from "vitest";
import { UnpackTurns } from "../src/imports/unpack-turns.js";

/** A piece of work that runs until `finish` is called, noting when it started. */
function pending(started: number[], label: number) {
  let finish: (value: number) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const work = (): Promise<number> => {
    started.push(label);
    return new Promise<number>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, finish: () => finish(label), fail: (error: Error) => fail(error) };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("UnpackTurns", () => {
  it("runs at most its capacity at once and the rest in the order they asked", async () => {
    const turns = new UnpackTurns(2);
    const started: number[] = [];
    const works = [0, 1, 2, 3].map((label) => pending(started, label));
    const results = works.map(({ work }) => turns.run(work));
    await settle();
    expect(started).toEqual([0, 1]);
    expect([turns.active, turns.waiting]).toEqual([2, 2]);
    works[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect([turns.active, turns.waiting]).toEqual([2, 1]);
    works[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect([turns.active, turns.waiting]).toEqual([0, 0]);
  });

  it("gives the turn of a failed piece of work to the next in line", async () => {
    const turns = new UnpackTurns(1);
    const started: number[] = [];
    const first = pending(started, 0);
    const second = pending(started, 1);
    const failing = turns.run(first.work);
    const next = turns.run(second.work);
    await settle();
    expect(started).toEqual([0]);
    first.fail(new Error("the reader threw"));
    await expect(failing).rejects.toThrow("the reader threw");
    await settle();
    expect(started).toEqual([0, 1]);
    second.finish();
    expect(await next).toBe(1);
    expect(turns.active).toBe(0);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new UnpackTurns(0)).toThrow(RangeError);
    expect(() => new UnpackTurns(1.5)).toThrow(RangeError);
    expect(new UnpackTurns().capacity).toBe(2);
  });
});
