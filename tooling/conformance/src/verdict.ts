// Verdicts: what a read concluded, reduced to what every surface can report
// (skill names and file paths, or a refusal code and path), and compared
// only on the fields a case states, so a surface that also reports more is
// not held to it and one that reports less is.
import type {
  Case,
  Form,
  PathReason,
  ReadFinding,
  ReadOutcome,
  ReadWarning,
  RefusalCode,
  Verdict,
  VerdictSkill,
} from "./types.js";

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** A skill as a surface lists it: its name and, for each file, its path, size and mode bit. */
export type ListedSkill = {
  name: string;
  files: readonly { path: string; bytes: number; executable: boolean }[];
};

/** A finding as a verdict states it: "code severity skill path:line:column". */
export function findingLine(finding: ReadFinding): string {
  const { code, severity, skill, path, line, column } = finding;
  return `${code} ${severity} ${skill ?? "-"} ${path}:${line}:${column}`;
}

/**
 * The verdict of an accepted bundle from its listing (and its warnings and
 * findings, where the surface reports them): skills by name with sorted paths.
 */
export function verdictOfListing(
  listed: readonly ListedSkill[],
  warnings?: readonly ReadWarning[],
  findings?: readonly ReadFinding[],
): Verdict {
  const skills = listed.map((skill) => {
    const files = skill.files.map((f) => f.path).sort();
    const executable = skill.files
      .filter((f) => f.executable)
      .map((f) => f.path)
      .sort();
    const bytes = Object.fromEntries(skill.files.map((f) => [f.path, f.bytes]));
    return { name: skill.name, files, executable, bytes };
  });
  const stated = warnings?.map((w) => `${w.code} ${w.skill} ${w.field}`);
  const found = findings?.map(findingLine);
  return {
    ok: true,
    skills: skills.sort(byName),
    ...(stated === undefined ? {} : { warnings: stated }),
    ...(found === undefined ? {} : { findings: found }),
  };
}

/** The verdict of a refusal: its code, its path and why where it has them, and the findings it names. */
export function verdictOfRefusal(
  refusal: {
    code: RefusalCode;
    path?: string | undefined;
    why?: PathReason | undefined;
  },
  findings?: readonly ReadFinding[],
): Verdict {
  const { code, path, why } = refusal;
  return {
    ok: false,
    code,
    ...(path === undefined ? {} : { path }),
    ...(why === undefined ? {} : { why }),
    ...(findings === undefined ? {} : { findings: findings.map(findingLine) }),
  };
}

/** The verdict of a library read: skills by name with sorted paths, or the refusal's code, path and why. */
export function verdictOf(result: ReadOutcome): Verdict {
  if (!result.ok) return verdictOfRefusal(result.refusal, result.findings);
  return verdictOfListing(
    result.skills.map((skill) => ({
      name: skill.name,
      files: skill.files.map((f) => ({
        path: f.path,
        bytes: f.bytes.length,
        executable: f.executable,
      })),
    })),
    result.warnings,
    result.findings,
  );
}

function projectSkill(actual: VerdictSkill, expected: VerdictSkill | undefined): VerdictSkill {
  const out: VerdictSkill = { name: actual.name, files: actual.files };
  if (expected?.executable !== undefined) out.executable = actual.executable;
  if (expected?.bytes !== undefined) out.bytes = actual.bytes;
  return out;
}

/** The part of `actual` that `expected` states; compare the result with `expected`. */
export function projectVerdict(actual: Verdict, expected: Verdict): Verdict {
  if (!actual.ok) {
    const stated = expected.ok ? {} : expected;
    return {
      ok: false,
      code: actual.code,
      ...("path" in stated ? { path: actual.path } : {}),
      ...("why" in stated ? { why: actual.why } : {}),
      ...("findings" in stated ? { findings: actual.findings ?? [] } : {}),
    };
  }
  const wanted = expected.ok ? [...expected.skills].sort(byName) : [];
  const skills = [...actual.skills].sort(byName);
  const projected = skills.map((s, i) => projectSkill(s, wanted[i]));
  const stated = expected.ok ? expected : {};
  // A surface that reports no warnings or findings where a case states them fails on the missing list.
  return {
    ok: true,
    skills: projected,
    ...("warnings" in stated ? { warnings: actual.warnings ?? [] } : {}),
    ...("findings" in stated ? { findings: actual.findings ?? [] } : {}),
  };
}

/** How far a surface takes a bundle: a bare read, or a check or an import (findings judged). */
export type Stage = "read" | "import";

/**
 * The verdict a case expects in a form: `read` for a surface that only
 * reads, `unnamed` for an archive that arrives without its name, and no
 * executable files for uploads (a browser selection carries no modes). A
 * bare read judges no findings, so at stage `read` stated findings are dropped.
 */
export function expectedVerdict(
  c: Case,
  form: Form,
  named: boolean,
  stage: Stage = "read",
): Verdict {
  const archive = form === "tar" || form === "tgz" || form === "zip";
  const base =
    stage === "read" && c.read !== undefined
      ? c.read
      : !named && archive && c.unnamed !== undefined
        ? c.unnamed
        : c.verdict;
  if (!base.ok) {
    if (stage === "import") return base;
    const { findings: _judgedOnImport, ...read } = base;
    return read;
  }
  const skills = [...base.skills]
    .sort(byName)
    .map((s) => (form === "uploads" && s.executable !== undefined ? { ...s, executable: [] } : s));
  if (stage === "read") {
    const { findings: _judgedOnImport, ...read } = base;
    return { ...read, skills };
  }
  return { ...base, skills };
}
