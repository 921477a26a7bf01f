// Verdicts: what a read concluded, reduced to what every surface can report
// (skill names and file paths, or a refusal code and path), and compared
// only on the fields a case states, so a surface that also reports more is
// not held to it and one that reports less is.
import type { ReadResult } from "@skillshelf/bundle-reader";
import type { Case, Form, Verdict, VerdictSkill } from "./types.js";

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** The verdict of a library read: skills by name with sorted paths, or the refusal's code, path and why. */
export function verdictOf(result: ReadResult): Verdict {
  if (!result.ok) {
    const { code, path, why } = result.refusal;
    return {
      ok: false,
      code,
      ...(path === undefined ? {} : { path }),
      ...(why === undefined ? {} : { why }),
    };
  }
  const skills = result.skills.map((skill) => {
    const files = skill.files.map((f) => f.path).sort();
    const executable = skill.files
      .filter((f) => f.executable)
      .map((f) => f.path)
      .sort();
    const bytes = Object.fromEntries(skill.files.map((f) => [f.path, Buffer.byteLength(f.text)]));
    return { name: skill.name, files, executable, bytes };
  });
  return { ok: true, skills: skills.sort(byName) };
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
    };
  }
  const wanted = expected.ok ? [...expected.skills].sort(byName) : [];
  const skills = [...actual.skills].sort(byName);
  return { ok: true, skills: skills.map((s, i) => projectSkill(s, wanted[i])) };
}

/**
 * The verdict a case expects in a form: `unnamed` for an archive that
 * arrives without its name, and no executable files for uploads (a browser
 * selection carries no modes).
 */
export function expectedVerdict(c: Case, form: Form, named: boolean): Verdict {
  const archive = form === "tar" || form === "tgz";
  const base = !named && archive && c.unnamed !== undefined ? c.unnamed : c.verdict;
  if (!base.ok) return base;
  const skills = [...base.skills]
    .sort(byName)
    .map((s) => (form === "uploads" && s.executable !== undefined ? { ...s, executable: [] } : s));
  return { ok: true, skills };
}
