// `skillshelf import <source> [--replace]`: the shelf's import flow reads
// the bundle and installs its skills into the managed store, all or nothing,
// with their record; this says what was installed and what replaced an
// earlier version (`show <id>` tells where it lives). Installing can take a
// while for a large bundle, so it gets a progress line of its own.
import type { Context } from "../context.js";
import { acceptedCodes, printFindings, reportImportRefusal } from "../findings.js";
import { formatBytes, formatTable, printJson } from "../output.js";
import { type Progress, startProgress } from "../progress.js";
import {
  givenSignatures,
  type ReadChoices,
  shelfChoicesOf,
  summaryOf,
  totalBytes,
  withSource,
} from "../read.js";
import { EXIT_OK } from "../refusal.js";
import { signatureLabel, signatureProblem } from "../signature.js";
import { printMcpWarnings, printWarnings } from "../warnings.js";

export type ImportOptions = ReadChoices & { replace?: boolean; requireSigned?: boolean };

export async function runImport(
  context: Context,
  argument: string,
  options: ImportOptions,
): Promise<number> {
  const { output, json } = context;
  const accepted = acceptedCodes(options.accept);
  let progress: Progress | undefined;
  const signatures = await givenSignatures(context, options);
  const result = await withSource(context, argument, options, (source, onProgress, doneReading) =>
    context.shelf
      .import(source, {
        ...shelfChoicesOf(options, onProgress),
        replace: options.replace === true,
        signatures,
        onRead: (skills) => {
          doneReading();
          const count = skills.length;
          progress = startProgress(
            output.err,
            `installing ${count} ${count === 1 ? "skill" : "skills"}`,
          );
        },
      })
      .finally(() => progress?.stop()),
  );
  if (!result.ok) return reportImportRefusal(output, result, json, accepted);
  const { skills, warnings, mcpWarnings, findings } = result;
  if (json) {
    const installed = skills.map(({ files: _files, ...done }) => done);
    printJson(output, {
      ok: true,
      skills: skills.map(summaryOf),
      installed,
      warnings,
      mcpWarnings,
      findings,
    });
    return EXIT_OK;
  }
  const { out } = output;
  const rows = skills.map((done) => {
    const files = done.files.length;
    return [
      out.paint("green", done.replaced ? "replaced" : "installed"),
      out.paint("bold", done.id),
      `${files} ${files === 1 ? "file" : "files"}`,
      formatBytes(totalBytes(done)),
      signatureLabel(out, done.signature, true),
    ];
  });
  for (const line of formatTable(rows)) out.line(line.trimEnd());
  for (const done of skills) {
    const problem = signatureProblem(done.signature);
    if (problem !== undefined) out.line(`${done.id}: ${problem}`);
  }
  printWarnings(output, warnings);
  printMcpWarnings(output, mcpWarnings);
  printFindings(output, findings, accepted);
  return EXIT_OK;
}
