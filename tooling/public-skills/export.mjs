// Refreshes the committed corpus of public skills from local bare mirrors of
// their repositories: `node export.mjs <owner>/<repo>=<git-dir> ...`. Each
// skill directory (one that holds SKILL.md) contributes its UTF-8 text files;
// binaries and files whose license forbids redistribution are left out. The
// corpus lets the findings test run on real skills without a network.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const here = dirname(new URL(import.meta.url).pathname);
// Skills under a license that forbids copying (anthropics/skills' document skills).
const PROPRIETARY = /All rights reserved\.\s+LICENSE: Use of these materials/;
const MAX_FILE = 256 * 1024;
const decoder = new TextDecoder("utf-8", { fatal: true });

const git = (dir, ...args) =>
  execFileSync("git", ["--git-dir", dir, ...args], { maxBuffer: 1 << 28 });
const isText = (bytes) => {
  if (bytes.includes(0)) return false;
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

for (const argument of process.argv.slice(2)) {
  // `=licensed`: keep only skills that carry a LICENSE.txt of their own (the
  // repository has no license of its own to cover the others).
  const [repo, dir, rule] = argument.split("=");
  const commit = git(dir, "rev-parse", "HEAD").toString().trim();
  const listing = git(dir, "ls-tree", "-r", "-l", "HEAD").toString().trim().split("\n");
  const files = listing.map((line) => {
    const [meta, path] = line.split("\t");
    return { path, size: Number(meta.split(/\s+/)[3]) };
  });
  const skillDirs = files.filter((f) => f.path.endsWith("/SKILL.md")).map((f) => dirname(f.path));
  const out = join(here, repo.replace("/", "-"));
  const left = [];
  let kept = 0;
  for (const skillDir of skillDirs) {
    const license = files.find((f) => f.path === `${skillDir}/LICENSE.txt`);
    if (license === undefined && rule === "licensed") {
      left.push(`${skillDir}/ (no license file)`);
      continue;
    }
    if (
      license !== undefined &&
      PROPRIETARY.test(git(dir, "show", `HEAD:${license.path}`).toString())
    ) {
      left.push(`${skillDir}/ (proprietary license)`);
      continue;
    }
    for (const file of files.filter((f) => f.path.startsWith(`${skillDir}/`))) {
      if (file.size > MAX_FILE) {
        left.push(`${file.path} (larger than 256 KiB)`);
        continue;
      }
      const bytes = git(dir, "show", `HEAD:${file.path}`);
      if (!isText(bytes)) continue;
      mkdirSync(dirname(join(out, file.path)), { recursive: true });
      writeFileSync(join(out, file.path), bytes);
      kept += bytes.length;
    }
  }
  const top = files.find((f) => f.path === "LICENSE");
  if (top !== undefined) writeFileSync(join(out, "LICENSE"), git(dir, "show", "HEAD:LICENSE"));
  console.log(`${repo} ${commit}: ${kept} bytes kept; left out: ${left.join(", ") || "nothing"}`);
}
