// Findings as the CLI prints them: one line each on stderr, after the
// answer, in the reader's own sentence (the CLI words nothing), marked by
// what they did: `finding` for a warning, `accepted` for a refusing finding
// whose code the operator accepted, `refusing` for one that refused the
// import (a stored skill's findings, from list, show and verify, are all plain
// `finding`s: nothing refuses at read time). With --json they travel in the answer instead, as the shelf
// returned them. --accept takes only the reader's finding codes.
import { type Finding, type FindingCode, findingCodes } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { UsageError } from "./context.js";
import type { Output } from "./output.js";
import { reportRefusal } from "./refusal.js";

/** The codes --accept named, each checked against the reader's list. */
export function acceptedCodes(values: readonly string[] | undefined): FindingCode[] {
  const known = new Set<string>(findingCodes);
  for (const value of values ?? []) {
    if (!known.has(value)) {
      throw new UsageError(
        `--accept takes a finding code (${findingCodes.join(", ")}), not '${value}'`,
      );
    }
  }
  return (values ?? []) as FindingCode[];
}

/**
 * Prints `findings` of an import (`accepted` holds the codes the operator
 * accepted), or of stored skills (`accepted` undefined: nothing refuses at
 * read time, so each is a plain finding).
 */
export function printFindings(
  output: Output,
  findings: readonly Finding[],
  accepted?: readonly FindingCode[],
): void {
  const { err } = output;
  for (const finding of findings) {
    const label =
      finding.severity === "warn" || accepted === undefined
        ? err.paint("yellow", `finding (${finding.code}):`)
        : accepted.includes(finding.code)
          ? err.paint("cyan", `accepted (${finding.code}):`)
          : err.paint("red", `refusing (${finding.code}):`);
    err.line(`${label} ${where(finding)}${finding.message}`);
  }
}

/** The skill a finding is in, when it names one. */
const where = (finding: Finding): string =>
  finding.skill === undefined ? "" : `skill '${finding.skill}': `;

/** Reports a refused check or import; a `hidden-content` refusal lists its findings after it. */
export function reportImportRefusal(
  output: Output,
  refused: { refusal: Refusal; findings?: readonly Finding[] },
  json: boolean,
  accepted: readonly FindingCode[],
): number {
  const { findings } = refused;
  const code = reportRefusal(output, refused.refusal, json, findings ? { findings } : {});
  if (!json && findings !== undefined) printFindings(output, findings, accepted);
  return code;
}
