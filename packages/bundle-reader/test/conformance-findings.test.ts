// Every conformance case as an import judges it: read from a path (a folder,
// or a .tar/.tgz/.zip file) and uploads, then the findings of what was read
// judged with nothing accepted (acceptFindings over findingsOf), the step the
// shelf's import flow takes between the read and the store; an accepted
// bundle's findings are compared where the case states them. Cases a bare read
// accepts but an import refuses say so with `read`; every other case must
// reach the same verdict here as a bare read, so no case of the table draws
// a refusing finding it does not state.
import { type ReadOutcome, runConformance, verdictOf } from "@skillshelf/conformance";
import { acceptFindings, findingsOf, type ReadResult, readBundle } from "../src/index.js";

/** A read as an import would leave it, with its findings: refused with hidden-content when one refuses. */
function judged(read: ReadResult): ReadOutcome {
  if (!read.ok) return read;
  const verdict = acceptFindings(read.skills.flatMap((skill) => findingsOf(skill)));
  return verdict.ok
    ? { ...read, findings: verdict.findings }
    : { ok: false, refusal: verdict.refusal, findings: verdict.findings };
}

runConformance({
  name: "library: path, with findings judged",
  forms: ["folder", "tar", "tgz", "zip"],
  stage: "import",
  verdict: async ({ path, case: c }) =>
    verdictOf(judged(await readBundle({ kind: "path", path: path! }, c.options))),
});

runConformance({
  name: "library: uploads, with findings judged",
  forms: ["uploads"],
  stage: "import",
  verdict: async ({ uploads, case: c }) =>
    verdictOf(judged(await readBundle({ kind: "uploads", files: uploads! }, c.options))),
});
