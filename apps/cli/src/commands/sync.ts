// `skillshelf sync [--frozen] [--check] [--prune]`: makes the managed store
// hold exactly the skills skillshelf.json names and writes
// skillshelf.lock.json (the shelf's sync does all of it). --frozen installs
// exactly the lock and refuses, naming each difference, when anything moved;
// --check writes nothing. Exit 0 when synced (with --check: when already in
// step), 1 otherwise. The findings of the skills read are printed as an
// import prints them: a `hidden-content` refusal lists its entry's, and a
// sync that went through lists its warnings and accepted findings.
import { resolve } from "node:path";
import type { Context } from "../context.js";
import { printFindings, reportImportRefusal } from "../findings.js";
import { formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";

export type SyncOptions = {
  manifest?: string;
  lock?: string;
  frozen?: boolean;
  check?: boolean;
  prune?: boolean;
};

const EXIT_OUT_OF_STEP = 1;

/** The manifest and lock paths: skillshelf.json and skillshelf.lock.json in the working directory by default. */
export function setFiles(
  context: Context,
  options: { manifest?: string; lock?: string },
): { manifest: string; lock: string } {
  return {
    manifest: resolve(context.cwd, options.manifest ?? "skillshelf.json"),
    lock: resolve(context.cwd, options.lock ?? "skillshelf.lock.json"),
  };
}

export async function runSync(context: Context, options: SyncOptions): Promise<number> {
  const { output, json } = context;
  const check = options.check === true;
  const result = await context.shelf.sync({
    ...setFiles(context, options),
    frozen: options.frozen === true,
    check,
    prune: options.prune === true,
  });
  if (!result.ok) return reportImportRefusal(output, result, json, result.accepted ?? []);
  const code = check && !result.inStep ? EXIT_OUT_OF_STEP : EXIT_OK;
  if (json) {
    printJson(output, { ...result, ok: code === EXIT_OK });
    return code;
  }
  const { out } = output;
  const rows = result.skills.map((skill) => {
    const status =
      check && skill.status !== "unchanged" && skill.status !== "kept"
        ? `would be ${skill.status}`
        : skill.status;
    const colour =
      skill.status === "unchanged" ? "dim" : skill.status === "kept" ? "yellow" : "green";
    const why = skill.status === "kept" ? "not in the manifest; --prune removes it" : "";
    return [out.paint(colour, status), out.paint("bold", skill.id), why];
  });
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  const lock = result.lockChanged
    ? check
      ? "the lock would change"
      : "lock written"
    : "lock unchanged";
  const step = check ? (result.inStep ? "in step" : "out of step") : "synced";
  out.line(`${step}: revision ${result.revision.slice(0, 12)}, ${lock}`);
  // A set that went through holds no refusing finding its entry did not accept.
  const accepted = result.findings.filter((f) => f.severity === "refuse").map((f) => f.code);
  printFindings(output, result.findings, accepted);
  return code;
}

/** `verify --lock <file>`: whether this host's store holds exactly the lock. Exit 0 in step, 1 otherwise. */
export async function runVerifyLock(context: Context, lockPath: string): Promise<number> {
  const { output, json } = context;
  const result = await context.shelf.lockStatus(resolve(context.cwd, lockPath));
  if (!result.ok) return reportRefusal(output, result.refusal, json);
  const code = result.inStep ? EXIT_OK : EXIT_OUT_OF_STEP;
  if (json) {
    printJson(output, result);
    return code;
  }
  const { out } = output;
  for (const difference of result.differences) out.line(out.paint("red", difference));
  out.line(
    `${result.inStep ? "in step with" : "out of step with"} the lock: revision ${result.revision.slice(0, 12)}`,
  );
  return code;
}
