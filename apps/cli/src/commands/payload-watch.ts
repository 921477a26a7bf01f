// `skillshelf payload --out <dir> --watch`: what a worker host runs beside
// its workers. The payload package does the watching (write at start, then
// again whenever anything it holds changes, atomically); this says each write on
// one line (a JSON line with --json) and each refusal as its sentence, and
// stops cleanly on SIGINT or SIGTERM with exit 0. A refusal does not stop
// the watch: the last payload stays in place until the next good one.
import { resolve } from "node:path";
import { message } from "@skillshelf/contract";
import type { WatchEvent } from "@skillshelf/payload";
import type { Context } from "../context.js";
import { printJson } from "../output.js";
import { EXIT_OK } from "../refusal.js";
import { SHORT_DIGEST } from "./list.js";
import { sayAllowed } from "./payload.js";

export type WatchCliOptions = { out: string; intervalMs?: number; allowDrift?: boolean };

export async function runPayloadWatch(context: Context, options: WatchCliOptions): Promise<number> {
  const { output, json } = context;
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const say = (event: WatchEvent): void => {
    if (event.kind === "written") {
      const { revision, skills } = event.payload;
      sayAllowed(output, event.allowed);
      if (json) printJson(output, { ok: true, path: event.path, revision, skills: skills.length });
      else {
        const count = `${skills.length} ${skills.length === 1 ? "skill" : "skills"}`;
        output.out.line(
          `${output.out.paint("green", "wrote")} ${event.path} (${count}, revision ${revision.slice(0, SHORT_DIGEST)})`,
        );
      }
    } else if (json) {
      printJson(output, {
        ok: false,
        refusal: event.refusal,
        message: message(event.refusal, "cli"),
      });
    } else {
      output.err.line(`${output.err.paint("red", "refused")} ${message(event.refusal, "cli")}`);
    }
  };
  try {
    await context.shelf.watchPayload(resolve(context.cwd, options.out), {
      signal: stop.signal,
      onEvent: say,
      allowDrift: options.allowDrift === true,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  return EXIT_OK;
}
