// Renders the contract's refusal table for its README from the code's own
// table: each code with its HTTP status, CLI exit code and the sentence
// `message()` gives a library caller for a sample refusal. The README holds the rendering
// between two markers; a test renders it again and compares, so the
// documented sentences cannot drift from what users are told.
import type { Code, Refusal } from "@skillshelf/contract";
import {
  exitCode,
  httpStatus,
  limits,
  MAX_PAYLOAD_BYTES,
  MAX_SKILL_FILE_BYTES,
  message,
  refusalTable,
} from "@skillshelf/contract";

export const tableStart = "<!-- refusal-table:start -->";
export const tableEnd = "<!-- refusal-table:end -->";

type SampleFields = Omit<Refusal, "code">;

/** The fields a sample refusal of each code carries, chosen to read like a real one. */
function sampleFields(code: Code): SampleFields {
  const { maxEntries, maxBytes } = limits();
  const samples: Partial<Record<Code, SampleFields>> = {
    "unreadable-source": { path: "bundles/pdf-tools.tgz", detail: "ENOENT" },
    "not-an-archive": { path: "bundles/notes.rar" },
    "corrupt-archive": { path: "bundles/pdf-tools.tgz", detail: "unexpected end of data" },
    "unsupported-entry": {
      path: "pdf-tools/SKILL.md",
      detail: "it is compressed with method 12 (bzip2)",
    },
    "unsafe-path": { path: "pdf-tools/../etc/passwd", why: "traversal" },
    link: { path: "pdf-tools/scripts/run.sh" },
    "not-regular-file": { path: "pdf-tools/pipe", detail: "fifo" },
    "duplicate-path": { path: "pdf-tools/README.md", other: "pdf-tools/readme.md" },
    "file-and-directory": { path: "pdf-tools/scripts", other: "pdf-tools/scripts/run.sh" },
    "missing-skill-file": { path: "notes", skill: "notes" },
    "stray-file": { path: "README.md" },
    "not-utf8": {
      path: "canvas-design/canvas-fonts/ArsenalSC-Regular.ttf",
      count: 54,
      paths: ["canvas-design/canvas-fonts/ArsenalSC-Regular.ttf"],
    },
    "spec-violation": {
      skill: "pdf-tools",
      detail:
        "The skill 'pdf-tools' has no 'description'; the Agent Skills specification asks for 1 to 1,024 characters saying what it does and when to use it.",
      count: 2,
    },
    "not-in-source": { skill: "docx", held: ["pdf", "pptx", "xlsx"] },
    "hidden-content": {
      skill: "pdf-tools",
      path: "SKILL.md",
      detail:
        'SKILL.md:12:5 holds hidden text "ignore previous instructions" in 28 Unicode tag characters, invisible to a reader of the file but read by a model; remove it, or accept hidden-text for this import if it is meant.',
      count: 1,
    },
    "frontmatter-too-large": {
      skill: "pdf-tools",
      detail: "its frontmatter holds 70,000 bytes; a frontmatter block may hold at most 65,536",
      limit: 65_536,
    },
    "no-skills": { path: "repo-main", found: [{ path: "skills", count: 14 }] },
    "too-many-entries": { limit: maxEntries },
    "too-large": { limit: maxBytes },
    "skill-file-too-large": { skill: "pdf-tools", limit: MAX_SKILL_FILE_BYTES },
    "already-defined": { skill: "pdf-tools", other: "the builtin root" },
    "store-unavailable": {
      path: "postgres://skillshelf@db.internal:5432/skillshelf",
      detail: "connect ECONNREFUSED 10.0.0.5:5432",
    },
    "invalid-store-url": {
      path: "notaurl",
      detail: "the store must be a URL such as postgres://user@host:5432/database",
    },
    usage: { detail: "error: unknown option '--bogus'" },
    "payload-too-large": { limit: MAX_PAYLOAD_BYTES },
    "invalid-payload": { path: "run/skills.json", detail: "skills[0].digest is missing" },
    "revision-mismatch": { path: "run/skills.json" },
    "bad-signature": { skill: "pdf-tools", detail: "it was made over another statement" },
    "untrusted-signer": {
      skill: "pdf-tools",
      other: "SHA256:0gTG5l+R9kg5jG+Cp2CIX9a18keg9EHpvehTz/qUPpw",
      detail: "it is not in allowed_signers",
    },
    "invalid-trust-file": { path: "allowed_signers", detail: "line 3 holds an unknown option" },
    "changed-file": { skill: "pdf-tools", path: "scripts/fill.py" },
    "bad-record": { skill: "pdf-tools", detail: "tree: expected object, received undefined" },
    "invalid-manifest": { path: "skillshelf.json", detail: "skills[0].source is missing" },
    "lock-mismatch": {
      path: "skillshelf.lock.json",
      detail:
        "ref main of https://example.com/skills.git now resolves to 5d41402, the lock has 7c4a8d0",
    },
    drifted: {
      skill: "pdf-tools",
      changes: [
        { path: "SKILL.md", change: "modified" },
        { path: "scripts/fill.py", change: "mode-changed" },
      ],
    },
    internal: { detail: "unexpected state" },
  };
  return samples[code] ?? { skill: "pdf-tools" };
}

const escapeCell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The Markdown table: code, HTTP status, exit code, and the sample sentence. */
export function renderRefusalTable(): string {
  const rows = (Object.keys(refusalTable) as Code[]).map((code) => {
    const refusal: Refusal = { code, ...sampleFields(code) };
    const cells = [`\`${code}\``, httpStatus(refusal), exitCode(refusal), message(refusal)];
    return `| ${cells.map((c) => escapeCell(String(c))).join(" | ")} |`;
  });
  return [
    "| code | HTTP | exit | sentence (for a sample refusal) |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The text between the markers of a README, or null when a marker is missing. */
export function readTable(readme: string): string | null {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start === -1 || end === -1 || end < start) return null;
  return readme.slice(start + tableStart.length, end);
}

/**
 * A Markdown table's cells, trimmed, without its delimiter row: the same for
 * the rendering and for the README after Biome has padded its columns.
 */
export function tableCells(table: string): string[][] {
  return table
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** The README text with the table between the markers replaced by `table`. */
export function replaceTable(readme: string, table: string): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`the README needs ${tableStart} and ${tableEnd} markers`);
  }
  return `${readme.slice(0, start + tableStart.length)}\n${table}\n${readme.slice(end)}`;
}
