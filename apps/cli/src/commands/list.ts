// `skillshelf list`: the offered skills of both roots as an aligned table
// (id, origin, BODY: the size of SKILL.md, which is what the payload bound
// counts, TREE: the size of every file, short digest, frontmatter
// description), then
// the ids the catalog refuses with its reasons, then the revision a worker
// would receive and how much of the payload bound the offered bodies use,
// and last the Agent Skills specification's warnings for the offered skills
// (read from their SKILL.md by the reader's own checks) and the findings of
// each skill's text files (what their bytes hide). With --json, the catalog's own report
// (with each managed skill's record and recorded tree digest), the payload
// bound's use, the warnings and the findings. Offered managed skills
// the trust gate withholds from workers (drifted, unapproved) are marked in
// both forms (`withheld`), and so are those the signature policy withholds
// (unsigned, bad-signature, untrusted-signer). With a trust file (or the
// policy on), a SIGNER column names who signed each skill's tree, and each
// `index` entry of --json carries its `signer`.
import type { Signer } from "@skillshelf/skill-catalog";
import { type Catalog, catalogReport } from "@skillshelf/skill-catalog";
import type { Context } from "../context.js";
import { printFindings } from "../findings.js";
import {
  type Channel,
  escapeControl,
  formatBytes,
  formatTable,
  printJson,
  truncate,
  visibleLength,
} from "../output.js";
import { EXIT_OK } from "../refusal.js";
import { printMcpWarnings, printWarnings } from "../warnings.js";

/** Digests are shown by their first 12 hex digits, enough to tell versions apart. */
export const SHORT_DIGEST = 12;

export async function runList(context: Context): Promise<number> {
  const { output, shelf } = context;
  const listed = await shelf.list();
  const found = listed.catalog;
  const { warnings, findings } = listed;
  const managedLocation = shelf.managedLocation;
  const { signers } = listed;
  if (context.json) {
    const report = catalogReport(found, listed.records);
    printJson(output, {
      ok: true,
      roots: { builtin: shelf.roots.builtin, managed: managedLocation },
      ...report,
      index: report.index.map((skill) => {
        const signer = signers?.get(skill.id);
        const treeBytes = listed.treeBytes.get(skill.id);
        return {
          ...skill,
          ...(treeBytes === undefined ? {} : { treeBytes }),
          ...(signer === undefined ? {} : { signer }),
        };
      }),
      payload: listed.payload,
      warnings,
      withheld: listed.withheld.map(({ id, code, reason, changes }) => ({
        id,
        code,
        reason,
        ...(changes === undefined ? {} : { files: changes }),
      })),
      mcpWarnings: listed.mcpWarnings,
      findings,
    });
    return EXIT_OK;
  }
  const { out } = output;
  if (found.skills.length === 0 && found.refused.length === 0) {
    out.line(`no skills in ${shelf.roots.builtin} or ${managedLocation}`);
    return EXIT_OK;
  }
  for (const line of formatSkills(out, found, listed.treeBytes, signers)) out.line(line);
  if (found.refused.length > 0) {
    out.line();
    out.line(out.paint("bold", "refused:"));
    const rows = found.refused.map((skill) => [
      `  ${out.paint("red", skill.id)}`,
      skill.code,
      skill.reason,
    ]);
    for (const line of formatTable(rows)) out.line(line);
  }
  if (listed.withheld.length > 0) {
    out.line();
    out.line(out.paint("bold", "not handed to workers (nobody vouched for them as they are):"));
    const rows = listed.withheld.map((skill) => [
      `  ${out.paint("yellow", skill.id)}`,
      skill.code,
      skill.reason,
    ]);
    for (const line of formatTable(rows)) out.line(line);
  }
  out.line();
  const { bytes, limit } = listed.payload;
  out.line(
    `bodies ${formatBytes(bytes)} of the payload's ${formatBytes(limit)} bound (${((bytes / limit) * 100).toFixed(1)}%)`,
  );
  out.line(`revision ${found.revision}`);
  printWarnings(output, warnings);
  printMcpWarnings(output, listed.mcpWarnings);
  printFindings(output, findings);
  return EXIT_OK;
}

function formatSkills(
  out: Channel,
  found: Catalog,
  treeBytes: ReadonlyMap<string, number>,
  signers: ReadonlyMap<string, Signer> | undefined,
): string[] {
  if (found.skills.length === 0) return [];
  const signed = signers !== undefined;
  const headings = [
    "ID",
    "ORIGIN",
    "BODY",
    "TREE",
    "DIGEST",
    ...(signed ? ["SIGNER"] : []),
    "DESCRIPTION",
  ];
  const header = headings.map((h) => out.paint("bold", h));
  // A description is one line in a table, however the YAML folded it.
  const descriptions = found.skills.map((skill) =>
    (skill.description ?? "").replace(/\s+/g, " ").trim(),
  );
  const rows = found.skills.map((skill, i) => [
    skill.id,
    skill.origin,
    formatBytes(skill.bytes),
    treeSize(out, treeBytes.get(skill.id)),
    out.paint("dim", skill.digest.slice(0, SHORT_DIGEST)),
    ...(signed ? [signerCell(out, signers.get(skill.id))] : []),
    descriptions[i] ?? "",
  ]);
  const lines = formatTable([header, ...rows]);
  // On a terminal, a long description is cut at the edge rather than wrapped.
  const columns = out.tty ? out.stream.columns : undefined;
  if (columns === undefined || columns <= 0) return lines;
  return lines.map((line, i) => {
    const description = i === 0 ? "" : (descriptions[i - 1] ?? "");
    const overflow = visibleLength(line) - columns;
    if (overflow <= 0 || description === "" || !line.endsWith(description)) return line;
    const kept = truncate(description, Math.max(1, [...description].length - overflow));
    return line.slice(0, line.length - description.length) + kept;
  });
}

/** A skill's whole tree in bytes, or a dash when its files could not be read. */
function treeSize(out: Channel, bytes: number | undefined): string {
  return bytes === undefined ? out.paint("dim", "-") : formatBytes(bytes);
}

/** The principal a trusted key is listed for (as allowed_signers writes it), or a dash. */
function signerCell(out: Channel, signer: Signer | undefined): string {
  return signer === undefined
    ? out.paint("dim", "-")
    : out.paint("green", escapeControl(signer.principal));
}
