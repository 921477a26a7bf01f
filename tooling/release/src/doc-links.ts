// Every relative link in the repository's Markdown must point at a file or
// directory the repository holds: a README that links a moved or never
// written file sends a reader nowhere. Links are read from inline links and
// images (`[text](target)`, `![alt](target)`) and reference definitions
// (`[name]: target`), outside fenced code; web addresses and in-page anchors
// are not files and are left alone.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export type BrokenLink = { file: string; line: number; target: string };

const inline = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const reference = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+["'(].*)?$/;

/** The link targets of a Markdown text with their line numbers, fenced code skipped. */
export function linkTargets(markdown: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    const withoutCode = text.replace(/`[^`]*`/g, "");
    for (const match of withoutCode.matchAll(inline))
      found.push({ line: index + 1, target: match[1]! });
    const definition = reference.exec(withoutCode);
    if (definition) found.push({ line: index + 1, target: definition[1]! });
  });
  return found;
}

const isExternal = (target: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//");

/**
 * Trees that hold other people's documents as they were written: the public
 * skills the content checks are tested against are kept byte for byte,
 * links that lead nowhere included, so they are not this project's to mend.
 */
const QUOTED_TREES = ["tooling/public-skills/"];

/** The relative links of the tracked Markdown files under `root` that name no tracked path. */
export function findBrokenLinks(root: string): BrokenLink[] {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((path) => path !== "");
  const paths = new Set(tracked);
  for (const path of tracked) {
    for (let dir = dirname(path); dir !== "."; dir = dirname(dir)) paths.add(dir);
  }
  const broken: BrokenLink[] = [];
  const ours = (path: string): boolean => !QUOTED_TREES.some((tree) => path.startsWith(tree));
  for (const file of tracked.filter((path) => path.endsWith(".md") && ours(path))) {
    const text = readFileSync(join(root, file), "utf8");
    for (const { line, target } of linkTargets(text)) {
      if (isExternal(target)) continue;
      const path = decodeURI(target.split("#")[0]!.split("?")[0]!);
      if (path === "") continue;
      const resolved = normalize(path.startsWith("/") ? path.slice(1) : join(dirname(file), path));
      if (!paths.has(resolved.replace(/\/$/, "")) && resolved !== ".") {
        broken.push({ file, line, target });
      }
    }
  }
  return broken;
}
