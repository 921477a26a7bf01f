// The sentence of each finding code, in one table keyed by code, as the
// refusal table is: a finding's place and detail go in, one sentence an
// operator reads comes out, saying what was found, why it matters and what
// to do. No check words its own sentence.
import type { Finding, FindingCode } from "./types.js";

type Located = Omit<Finding, "message">;

const at = (f: Located): string => `${f.path}:${f.line}:${f.column}`;

const accept = (f: Located): string =>
  f.severity === "refuse" ? `, or accept ${f.code} for this import if it is meant` : "";

/** For each code, the sentence a finding of that code reads as. */
export const findingSentences: Record<FindingCode, (finding: Located) => string> = {
  "hidden-text": (f) =>
    `${at(f)} holds ${f.detail}, invisible to a reader of the file but read by a model; remove it${accept(f)}.`,
  "html-comment": (f) =>
    `${at(f)} holds an HTML comment (${f.detail}), which rendered Markdown hides but a model reads; make it visible text or remove it.`,
  "frontmatter-grants": (f) =>
    `${at(f)}: the frontmatter field ${f.detail} asks a host for more than instructions; review what it grants before the skill is used.`,
  "frontmatter-code": (f) =>
    `${at(f)} opens its frontmatter with ${f.detail}, which gray-matter and the hosts built on it run as code when they read the file; open it with a plain '---' YAML block${accept(f)}.`,
  "ambiguous-frontmatter": (f) =>
    `${at(f)}: the frontmatter holds ${f.detail}, which YAML parsers read differently, so a host may see other fields than a reviewer does; write each key once, as a plain key with a string value${accept(f)}.`,
};

/** The sentence of one finding. */
export function sentenceOf(finding: Located): string {
  return findingSentences[finding.code](finding);
}
