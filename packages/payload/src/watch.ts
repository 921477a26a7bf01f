// Keeps a worker host's payload current: `skillshelf payload --out <dir>
// --watch`. The payload is written at start and again whenever anything it
// says changes, each time atomically, so a worker starting at any instant
// reads a whole payload and never one that was rewritten without a change.
// The revision alone is not enough to tell: it covers the offered bodies,
// while a reference file's digest or the refused list (a second file
// drifting in a skill already withheld) can change beneath it. Two
// things wake it: the managed store's change feed, where the store has one
// (the PostgreSQL store hears every host's imports through NOTIFY; its
// reconnect notice wakes it too), and a steady interval, since the builtin
// root is a plain directory that nothing announces and a directory store
// changed by another process announces nothing here. Wake-ups that arrive
// while a build runs are folded into one more build after it.

import type { Refusal } from "@skillshelf/contract";
import type { GateOptions, RefusedSkill, Roots } from "@skillshelf/skill-catalog";
import { payload } from "./build-payload.js";
import { writePayload } from "./materialize.js";
import type { Payload } from "./schema.js";

export type WatchEvent =
  /** `allowed`: skills offered only by allowDrift, for the caller to say. */
  | { kind: "written"; path: string; payload: Payload; allowed: RefusedSkill[] }
  | { kind: "refused"; refusal: Refusal };

export type WatchOptions = GateOptions & {
  /** Ends the watch; the promise resolves once the build under way has finished. */
  signal: AbortSignal;
  /** Milliseconds between checks when nothing announced a change (default 5,000). */
  intervalMs?: number;
  /** Hears each write and each refusal (a refusal leaves the last payload in place). */
  onEvent?: (event: WatchEvent) => void;
};

/** Writes dir/skills.json now and whenever what it says changes, until `signal` aborts. */
export async function watchPayload(
  roots: Roots,
  dir: string,
  options: WatchOptions,
): Promise<void> {
  const { signal } = options;
  /** The payload last written, as JSON: a build that says the same is not written again. */
  let written: string | undefined;
  let lastRefusal: string | undefined;
  let wake: (() => void) | undefined;
  let pending = true;

  const trigger = () => {
    pending = true;
    wake?.();
  };
  const unsubscribe = roots.managed?.subscribe(trigger);
  const timer = setInterval(trigger, options.intervalMs ?? 5_000);
  signal.addEventListener("abort", trigger, { once: true });
  try {
    while (!signal.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      pending = false;
      const built = await payload(roots, {
        allowDrift: options.allowDrift === true,
        ...(options.judge === undefined ? {} : { judge: options.judge }),
      });
      const said = built.ok ? JSON.stringify(built.payload) : undefined;
      if (said !== undefined && said === written) {
        lastRefusal = undefined;
        continue;
      }
      const result = built.ok ? await writePayload(built.payload, dir) : built;
      if (!result.ok) {
        // Said once per distinct refusal, not at every tick while it lasts;
        // the last payload written stays in place meanwhile.
        const refusal = JSON.stringify(result.refusal);
        if (refusal !== lastRefusal)
          options.onEvent?.({ kind: "refused", refusal: result.refusal });
        lastRefusal = refusal;
        continue;
      }
      lastRefusal = undefined;
      written = said;
      const allowed = built.ok ? built.allowed : [];
      options.onEvent?.({ kind: "written", path: result.path, payload: result.payload, allowed });
    }
  } finally {
    clearInterval(timer);
    unsubscribe?.();
  }
}
