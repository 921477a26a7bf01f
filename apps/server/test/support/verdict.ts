// The verdict an import answer states, for the conformance runs over HTTP and
// through the console. An import also applies the store's rules (`check`),
// which a bare read does not: when the server answers with a destination
// refusal, it must be the very refusal the library's own `check` gives the
// library's read, and the read's verdict is then the one compared.
import {
  readBundle,
  type Source,
  type SourceCode,
  sourceCodes,
  type UnsafePathReason,
} from "@skillshelf/bundle-reader";
import { type BuiltInput, type Verdict, verdictOf } from "@skillshelf/conformance";
import { check, type RootsLike } from "@skillshelf/skill-catalog";
import { expect } from "vitest";

type Imported = { id: string; files: { path: string; bytes: number; executable: boolean }[] };

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

const sourceOf = (input: BuiltInput): Source =>
  input.form === "uploads"
    ? { kind: "uploads", files: input.uploads! }
    : input.archiveName === undefined
      ? { kind: "archive", bytes: input.bytes! }
      : { kind: "archive", bytes: input.bytes!, name: input.archiveName };

async function libraryVerdictBehind(
  input: BuiltInput,
  roots: RootsLike,
  code: string,
): Promise<Verdict> {
  const read = await readBundle(sourceOf(input));
  expect(read.ok, "the server refused at the destination a bundle the reader refuses").toBe(true);
  if (read.ok) {
    const checked = await check(roots, read.skills);
    expect(checked.ok === false && checked.refusal.code).toBe(code);
  }
  return verdictOf(read);
}

/** The verdict of an import answer (`status`, JSON `body`) for `input`. */
export async function verdictOfAnswer(
  status: number,
  // biome-ignore lint/suspicious/noExplicitAny: the answer is read field by field.
  body: any,
  input: BuiltInput,
  roots: RootsLike,
): Promise<Verdict> {
  if (status === 200 || status === 201) {
    const skills = (body.skills as Imported[]).map((skill) => ({
      name: skill.id,
      files: skill.files.map((f) => f.path).sort(),
      executable: skill.files
        .filter((f) => f.executable)
        .map((f) => f.path)
        .sort(),
      bytes: Object.fromEntries(skill.files.map((f) => [f.path, f.bytes])),
    }));
    return { ok: true, skills: skills.sort(byName) };
  }
  const refusal = body.refusal as { code: SourceCode; path?: string; why?: UnsafePathReason };
  if (!sourceCodes.includes(refusal.code)) return libraryVerdictBehind(input, roots, refusal.code);
  return {
    ok: false,
    code: refusal.code,
    ...(refusal.path === undefined ? {} : { path: refusal.path }),
    ...(refusal.why === undefined ? {} : { why: refusal.why }),
  };
}
