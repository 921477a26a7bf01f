// Every conformance case through the HTTP API, as a raw tar body, a raw
// tar.gz body, and a multipart form of the upload list (wherever the case can
// be said that way): the server must reach the verdict the reader reaches.
// Imports are dry runs, so each case meets an empty store; a source refusal
// comes back as its code and path, an accepted bundle as its skills. An
// import also applies the store's rules (`check`), which a bare read does
// not: when the server answers with a destination refusal, it must be the
// very refusal the library's own `check` gives the library's read, and the
// read's verdict is then the one compared with the case.
import {
  readBundle,
  type Source,
  type SourceCode,
  sourceCodes,
  type UnsafePathReason,
} from "@skillshelf/bundle-reader";
import {
  type BuiltInput,
  cases,
  runConformance,
  type Verdict,
  verdictOf,
} from "@skillshelf/conformance";
import { check } from "@skillshelf/skill-catalog";
import { afterAll, beforeAll, expect } from "vitest";
import { formOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

type Imported = { id: string; files: { path: string; bytes: number; executable: boolean }[] };

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

const sourceOf = (input: BuiltInput): Source =>
  input.form === "uploads"
    ? { kind: "uploads", files: input.uploads! }
    : input.archiveName === undefined
      ? { kind: "archive", bytes: input.bytes! }
      : { kind: "archive", bytes: input.bytes!, name: input.archiveName };

/** The library's verdict, after checking that its `check` refuses the read as the server did. */
async function libraryVerdictBehind(input: BuiltInput, code: string): Promise<Verdict> {
  const read = await readBundle(sourceOf(input));
  expect(read.ok, "the server refused at the destination a bundle the reader refuses").toBe(true);
  if (read.ok) {
    const checked = await check(server.roots, read.skills);
    expect(checked.ok === false && checked.refusal.code).toBe(code);
  }
  return verdictOf(read);
}

/** The verdict an import answer states. */
async function verdictOfAnswer(response: Response, input: BuiltInput): Promise<Verdict> {
  const body = await bodyOf(response);
  if (response.status === 200) {
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
  if (!sourceCodes.includes(refusal.code)) return libraryVerdictBehind(input, refusal.code);
  return {
    ok: false,
    code: refusal.code,
    ...(refusal.path === undefined ? {} : { path: refusal.path }),
    ...(refusal.why === undefined ? {} : { why: refusal.why }),
  };
}

async function importArchive(input: BuiltInput): Promise<Verdict> {
  const name =
    input.archiveName === undefined ? "" : `&name=${encodeURIComponent(input.archiveName)}`;
  const response = await fetch(`${server.url}/api/imports?dry_run=1${name}`, {
    method: "POST",
    headers: {
      ...server.auth,
      "content-type": input.form === "tar" ? "application/x-tar" : "application/gzip",
    },
    body: input.bytes!,
  });
  return verdictOfAnswer(response, input);
}

async function importForm(input: BuiltInput): Promise<Verdict> {
  const response = await fetch(`${server.url}/api/imports?dry_run=1`, {
    method: "POST",
    headers: server.auth,
    body: formOf(input.uploads!),
  });
  return verdictOfAnswer(response, input);
}

runConformance({
  name: "http archive body (named)",
  forms: ["tar", "tgz"],
  verdict: importArchive,
});
// Without a name only the cases whose verdict depends on it can differ.
runConformance({
  name: "http archive body (unnamed)",
  forms: ["tar", "tgz"],
  named: false,
  cases: cases.filter((c) => c.unnamed !== undefined),
  verdict: importArchive,
});
runConformance({ name: "http multipart", forms: ["uploads"], verdict: importForm });
