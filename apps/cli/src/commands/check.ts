// `skillshelf check <source>`: the verdict import would give on the same
// store, writing nothing: the shelf's check runs the import flow short of
// the writes. With --list it says which skills the source holds, under which
// --path, and whether each imports when read alone, and why not (the shelf's
// listSource, judging each skill by itself: one bad skill does not hide the
// verdict on the others).
import { message } from "@skillshelf/bundle-reader";
import type { Context } from "../context.js";
import { acceptedCodes, printFindings, reportImportRefusal } from "../findings.js";
import { formatBytes, formatTable, printJson } from "../output.js";
import {
  givenSignatures,
  type ReadChoices,
  shelfChoicesOf,
  summaryOf,
  totalBytes,
  withSource,
} from "../read.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { signatureLabel, signatureProblem } from "../signature.js";
import { printMcpWarnings, printWarnings } from "../warnings.js";

export type CheckOptions = ReadChoices & {
  replace?: boolean;
  list?: boolean;
  requireSigned?: boolean;
};

export async function runCheck(
  context: Context,
  argument: string,
  options: CheckOptions,
): Promise<number> {
  const { output, json } = context;
  if (options.list === true) return printListing(context, argument, options);
  const signatures = await givenSignatures(context, options);
  const accepted = acceptedCodes(options.accept);
  const verdict = await withSource(context, argument, options, (source, onProgress) =>
    context.shelf.check(source, {
      ...shelfChoicesOf(options, onProgress),
      replace: options.replace === true,
      signatures,
    }),
  );
  if (!verdict.ok) return reportImportRefusal(output, verdict, json, accepted);
  const { skills, findings } = verdict;
  if (json) {
    printJson(output, {
      ok: true,
      skills: skills.map(summaryOf),
      warnings: verdict.warnings,
      mcpWarnings: verdict.mcpWarnings,
      findings,
    });
    return EXIT_OK;
  }
  const { out } = output;
  const rows = skills.map((skill) => [
    skill.replaced ? "would replace" : "would install",
    out.paint("bold", skill.id),
    `${skill.files.length} ${skill.files.length === 1 ? "file" : "files"}`,
    formatBytes(totalBytes(skill)),
    signatureLabel(out, skill.signature, true),
  ]);
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  for (const skill of skills) {
    const problem = signatureProblem(skill.signature);
    if (problem !== undefined) out.line(`${skill.id}: ${problem}`);
  }
  printWarnings(output, verdict.warnings);
  printMcpWarnings(output, verdict.mcpWarnings);
  printFindings(output, findings, accepted);
  out.line(
    `${out.paint("green", "ok:")} ${skills.length} ${skills.length === 1 ? "skill" : "skills"} would be imported; nothing was written`,
  );
  return EXIT_OK;
}

/** check --list: the skills found, each with the --path that selects it. */
async function printListing(
  context: Context,
  argument: string,
  options: CheckOptions,
): Promise<number> {
  const { output, json } = context;
  const listed = await withSource(context, argument, options, (source, onProgress) =>
    context.shelf.listSource(source, { path: options.path, onProgress, judge: true }),
  );
  if (!listed.ok) return reportRefusal(output, listed.refusal, json);
  const { listing } = listed;
  if (json) {
    printJson(output, { ok: true, listing });
    return EXIT_OK;
  }
  const { out } = output;
  const where = listing.root === "" ? "at the top of the source" : `in '${listing.root}'`;
  if (listing.skills.length === 0) {
    out.line(`no skills found ${where}`);
  } else {
    const header = ["PATH", "SKILL", "IMPORTS", "DIRECTORY"].map((h) => out.paint("bold", h));
    const rows = listing.skills.map((skill) => [
      skill.path === "" ? "-" : skill.path,
      skill.name,
      skill.verdict?.importable === false
        ? out.paint("red", `no (${skill.verdict.refusal.code})`)
        : out.paint("green", "yes"),
      out.paint("dim", skill.directory),
    ]);
    for (const line of formatTable([header, ...rows])) out.line(line);
    for (const skill of listing.skills) {
      if (skill.verdict?.importable !== false) continue;
      out.line(`${skill.name}: ${message(skill.verdict.refusal, "cli")}`);
    }
  }
  for (const directory of listing.setAside) out.line(`set aside: ${directory}`);
  const count = listing.skills.length;
  out.line(
    `${count} ${count === 1 ? "skill" : "skills"} found ${where}; choose with --path <PATH> (none for -), --skill <SKILL> and --skip <SKILL>; each was judged alone, nothing was written`,
  );
  return EXIT_OK;
}
