// @module-tag heavy
// Every conformance case through the HTTP API, as a raw tar body, a raw
// tar.gz body, a raw zip body, and a multipart form of the upload list
// (wherever the case can be said that way): the server must reach the
// verdict an import reaches (the reader's, or `hidden-content` for what the
// bytes hide).
// Imports are dry runs, so each case meets an empty store.
import { type BuiltInput, cases, runConformance, type Verdict } from "@skillshelf/conformance";
import { afterAll, beforeAll } from "vitest";
import { formOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";
import { verdictOfAnswer } from "./support/verdict.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const verdictOf = async (response: Response, input: BuiltInput): Promise<Verdict> =>
  verdictOfAnswer(response.status, await bodyOf(response), input, server.roots);

/** The case's reading options as query parameters, after dry_run=1. */
function choicesOf(input: BuiltInput): string {
  const { strict, path, skills = [], skip = [] } = input.case.options ?? {};
  const query = new URLSearchParams();
  if (strict === true) query.append("strict", "1");
  if (path !== undefined) query.append("path", path);
  for (const name of skills) query.append("skill", name);
  for (const name of skip) query.append("skip", name);
  const text = query.toString();
  return text === "" ? "" : `&${text}`;
}

async function importArchive(input: BuiltInput): Promise<Verdict> {
  const name =
    input.archiveName === undefined ? "" : `&name=${encodeURIComponent(input.archiveName)}`;
  const types = { tar: "application/x-tar", tgz: "application/gzip", zip: "application/zip" };
  const type = types[input.form as keyof typeof types];
  const response = await fetch(`${server.url}/api/imports?dry_run=1${choicesOf(input)}${name}`, {
    method: "POST",
    headers: { ...server.auth, "content-type": type },
    body: input.bytes!,
  });
  return verdictOf(response, input);
}

async function importForm(input: BuiltInput): Promise<Verdict> {
  const response = await fetch(`${server.url}/api/imports?dry_run=1${choicesOf(input)}`, {
    method: "POST",
    headers: server.auth,
    body: formOf(input.uploads!),
  });
  return verdictOf(response, input);
}

runConformance({
  name: "http archive body (named)",
  forms: ["tar", "tgz", "zip"],
  stage: "import",
  verdict: importArchive,
});
// Without a name only the cases whose verdict depends on it can differ.
runConformance({
  name: "http archive body (unnamed)",
  forms: ["tar", "tgz", "zip"],
  named: false,
  stage: "import",
  cases: cases.filter((c) => c.unnamed !== undefined),
  verdict: importArchive,
});
runConformance({
  name: "http multipart",
  forms: ["uploads"],
  stage: "import",
  verdict: importForm,
});
