// The verdict an import answer states, for the conformance runs over HTTP and
// through the console. An import also applies the store's rules (`check`),
// which a bare read does not: when the server answers with a destination
// refusal, it must be the very refusal the library's own `check` gives the
// library's read, and the read's verdict is then the one compared. The
// findings an import answers (an accepted one's, a hidden-content
// refusal's) are part of the verdict.
import { readBundle, type Source } from "@skillshelf/bundle-reader";
import {
  archiveSourceOf,
  type BuiltInput,
  type Verdict,
  verdictOf,
  verdictOfListing,
  verdictOfRefusal,
} from "@skillshelf/conformance";
import { type SourceCode, sourceCodes, type UnsafePathReason } from "@skillshelf/contract";
import { check, DirectoryStore, type Roots } from "@skillshelf/skill-catalog";
import { expect } from "vitest";

type Imported = { id: string; files: { path: string; bytes: number; executable: boolean }[] };

const sourceOf = (input: BuiltInput): Source =>
  input.form === "uploads" ? { kind: "uploads", files: input.uploads! } : archiveSourceOf(input);

async function libraryVerdictBehind(
  input: BuiltInput,
  roots: Roots,
  code: string,
): Promise<Verdict> {
  const read = await readBundle(sourceOf(input), input.case.options);
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
  where: { builtin: string; managed: string },
): Promise<Verdict> {
  if (status === 200 || status === 201) {
    return verdictOfListing(
      (body.skills as Imported[]).map((skill) => ({ name: skill.id, files: skill.files })),
      body.warnings,
      body.findings,
    );
  }
  const refusal = body.refusal as { code: SourceCode; path?: string; why?: UnsafePathReason };
  if (!sourceCodes.includes(refusal.code)) {
    const roots = { builtin: where.builtin, managed: new DirectoryStore(where.managed) };
    return libraryVerdictBehind(input, roots, refusal.code);
  }
  return verdictOfRefusal(refusal, body.findings);
}
