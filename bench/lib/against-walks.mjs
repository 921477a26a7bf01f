// A subject measured against plain walks of the same tree, as the folder
// reader and the catalog scan both are: every walk is a contender that must
// count what the subject reads, the verdict is held to the fastest walk, and
// the note shows every walk with the subject's ratio against it, so a reader
// of the table sees the spread the verdict was picked from.

import { expectEqual } from "./expect.mjs";
import { compareContenders, pickFastest } from "./measure.mjs";
import { formatMs } from "./report.mjs";

/**
 * Runs `subject` (a contender) against each walk of `walks` (name -> walk(root)
 * answering a count that must equal `count`) and returns the figures, the
 * subject's median, the fastest walk and the note listing every walk.
 */
export async function measureAgainstWalks({ subject, walks, root, count, rounds }) {
  const contenders = Object.entries(walks).map(([name, walk]) => ({
    name,
    run: async () => walk(root),
    check: (answer) => expectEqual(answer, count, name),
  }));
  const figures = await compareContenders([subject, ...contenders], { warmup: 1, rounds });
  const median = figures[subject.name].median;
  const names = Object.keys(walks);
  const fastest = pickFastest(figures, names);
  const note = names
    .map(
      (name) =>
        `${name} ${formatMs(figures[name].median)} (ratio ${(median / figures[name].median).toFixed(2)})`,
    )
    .join("; ");
  return { figures, subject: median, fastest, note: `walks: ${note}` };
}
