// `skillshelf show <id>`: the catalog's report of one skill (origin, path,
// digest, size, description), its tree digest, its record and drift when it
// is managed, its files (read by skill-catalog with the catalog's rules),
// and then its SKILL.md exactly as it is held (on a terminal, with its
// control characters escaped), and on stderr the findings of its text files
// (what their bytes hide; reported, never refusing). Any refusal, the
// catalog's own included, is reported from the one refusal table.
import type { SignatureStatus } from "@skillshelf/shelf";
import { skillReport } from "@skillshelf/skill-catalog";
import type { Context } from "../context.js";
import { printFindings } from "../findings.js";
import { escapeControl, formatBytes, formatTable, printJson } from "../output.js";
import { EXIT_OK, reportRefusal } from "../refusal.js";
import { signatureProblem } from "../signature.js";

/** The signature row: who signed the tree and with which key, or why not. */
function signatureLine(signature: SignatureStatus): string {
  switch (signature.status) {
    case "unsigned":
      return "unsigned";
    case "signed":
      return `signed by ${signature.principal} (${signature.fingerprint}, ${signature.algorithm}); SKILL.sig is not part of the tree`;
    case "untrusted":
      return `signed by key ${signature.fingerprint}, which the trust file does not trust`;
    case "bad":
      return "SKILL.sig does not prove this tree";
  }
}

export async function runShow(context: Context, id: string): Promise<number> {
  const { output, json } = context;
  const described = await context.shelf.describe(id);
  if (!described.ok) return reportRefusal(output, described.refusal, json);
  // The record itself (source, time, tool) is in --json; the table says whether the files drifted.
  const { skill, files, treeDigest, record, verdict, signature, findings } = described.description;
  const report = skillReport(skill);
  if (json) {
    printJson(output, {
      ok: true,
      ...report,
      treeDigest,
      files,
      ...(record === undefined ? {} : { record }),
      ...(verdict === undefined ? {} : { status: verdict.status }),
      ...(verdict?.status === "changed" ? { drift: verdict.files } : {}),
      signature,
      findings,
      text: skill.text,
    });
    return EXIT_OK;
  }
  const { out } = output;
  const rows: string[][] = [
    ["id", out.paint("bold", report.id)],
    ["origin", report.origin],
    ["path", report.path],
    ["digest", report.digest],
    ["bytes", String(report.bytes)],
    ["tree", treeDigest],
  ];
  if (signature.status !== "unsigned") rows.push(["signature", signatureLine(signature)]);
  if (skill.description !== undefined) rows.push(["description", skill.description]);
  if (verdict !== undefined) {
    const drift =
      verdict.status === "changed"
        ? `changed since import: ${verdict.files.map((f) => `${f.path} (${f.change})`).join(", ") || (verdict.problem ?? "")}; not handed to workers until 'skillshelf update --force ${skill.id}' or 'skillshelf approve ${skill.id}'`
        : verdict.status === "unchanged"
          ? "unchanged since import"
          : `no record; not handed to workers until 'skillshelf approve ${skill.id}'`;
    rows.push(["status", drift]);
    if (record?.approved !== undefined) {
      rows.push(["approved", `by ${record.approved.by} at ${record.approved.at}`]);
    }
  }
  for (const line of formatTable(rows)) out.line(line);
  const problem = signatureProblem(signature);
  if (problem !== undefined) out.line(problem);
  out.line();
  const fileRows = files.map((file) => [
    `  ${file.path}`,
    formatBytes(file.bytes),
    file.executable ? "executable" : "",
    file.binary === true ? "binary" : "",
  ]);
  for (const line of formatTable(fileRows)) out.line(line.trimEnd());
  out.line();
  // The body as stored when piped; on a terminal, with its control characters escaped.
  const body = out.tty ? escapeControl(skill.text) : skill.text;
  out.stream.write(body.endsWith("\n") || body === "" ? body : `${body}\n`);
  printFindings(output, findings);
  return EXIT_OK;
}
