// @module-tag heavy
// Differential fuzzing across source kinds: a random bundle (skill folders,
// files with odd names and bytes, set-aside entries) is built as a folder, a
// tar, a tar.gz, a zip and an upload list wherever it can be, and its folder
// is also packed by GNU tar (PAX format) and by Info-ZIP's `zip -ry`; every
// form must agree on accepting it and
// on its skills. Which refusal comes first may differ with entry order, so
// refusals agree only on being refusals. Each form runs only where `formsOf`
// says it can hold the bundle; a folder holding .git content is not read
// directly (its .git is never walked, by design), only packed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import {
  buildInput,
  type Case,
  type Entry,
  formsOf,
  makeScratchDir,
  verdictOf,
} from "@skillshelf/conformance";
import { sourceCodes } from "@skillshelf/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBundle } from "../src/index.js";
import type { Source } from "../src/types.js";

const RUNS = Math.max(20, Math.floor(Number(process.env.FUZZ_RUNS ?? 1_500) / 10));

const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("alpha", "beta", "s", "notes.md", "ref", "SKILL.md") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ".git",
      "._x",
      ".DS_Store",
      "Notes.md",
      "CON",
      "a ",
      "x.",
      "é",
      "e\u0301",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("a\\b", "a\u0001b", "a:b", "..", ".") },
);

/**
 * A path below the bundle root. A lone "." names the root itself, which a
 * folder holds without an entry but a tar builder would store as the member
 * "bundle//" (an empty segment), so the forms would disagree about the
 * builders rather than the reader: it is never drawn.
 */
const path = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join("/"))
  .filter((joined) => joined !== ".");

/** Mostly files; now and then an empty directory or a symbolic link, which not every form holds. */
const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      path,
      bytes: fc.oneof(
        fc.constant(new TextEncoder().encode("# text\n")),
        fc.uint8Array({ maxLength: 16 }),
      ),
      mode: fc.constantFrom(0o644, 0o755),
    }),
  },
  { weight: 1, arbitrary: fc.record({ path, kind: fc.constant("dir" as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      path,
      kind: fc.constant("symlink" as const),
      linkTarget: fc.constant("SKILL.md"),
    }),
  },
);

/** One or two skill folders with their SKILL.md, then random entries, shuffled. */
const bundle: fc.Arbitrary<Case> = fc
  .tuple(fc.subarray(["alpha", "beta"], { minLength: 1 }), fc.array(entry, { maxLength: 6 }))
  .chain(([skills, extra]) =>
    fc.shuffledSubarray(
      [...skills.map((s): Entry => ({ path: `${s}/SKILL.md`, text: `# ${s}\n` })), ...extra],
      { minLength: skills.length + extra.length },
    ),
  )
  .map((entries) => ({ name: "random", entries, verdict: { ok: false, code: "no-skills" } }));

type Way = "folder" | "tar" | "tgz" | "zip" | "uploads" | "GNU tar" | "Info-ZIP";

/** GNU tar's POSIX (PAX) packing of a built folder. */
function packWithGnuTar(folder: string): Uint8Array {
  const args = ["--format=posix", "-cf", "-", "-C", dirname(folder), basename(folder)];
  return new Uint8Array(execFileSync("tar", args, { maxBuffer: 64 * 1024 * 1024 }));
}

/**
 * Info-ZIP's packing of a built folder, symbolic links kept as links, into a
 * file: Info-ZIP 3.0 cannot store a link on a pipe.
 */
function packWithInfoZip(folder: string): Uint8Array {
  const out = join(mkdtempSync(join(tmpdir(), "skillshelf-info-zip-")), "bundle.zip");
  try {
    execFileSync("zip", ["-qry", out, basename(folder)], { cwd: dirname(folder) });
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dirname(out), { recursive: true, force: true });
  }
}

async function readForm(c: Case, way: Way) {
  const form = way === "GNU tar" || way === "Info-ZIP" ? "folder" : way;
  const input = await buildInput(c, form, await makeScratchDir());
  const source: Source =
    way === "GNU tar"
      ? { kind: "archive", bytes: packWithGnuTar(input.path!) }
      : way === "Info-ZIP"
        ? { kind: "archive", bytes: packWithInfoZip(input.path!) }
        : form === "uploads"
          ? { kind: "uploads", files: input.uploads! }
          : form === "folder"
            ? { kind: "path", path: input.path! }
            : { kind: "archive", bytes: input.bytes!, name: "bundle" };
  const verdict = verdictOf(await readBundle(source));
  if (!verdict.ok) expect(sourceCodes).toContain(verdict.code);
  // Skills compare by name and files; executable bits do not travel in uploads.
  return verdict.ok
    ? { ok: true, skills: verdict.skills.map((s) => ({ name: s.name, files: s.files })) }
    : { ok: false };
}

describe("fuzz across forms", () => {
  it(
    "every form of a random bundle reaches the same verdict",
    async () => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(bundle, async (c) => {
          let forms: Way[] = formsOf(c);
          if (forms.includes("folder")) forms.push("GNU tar", "Info-ZIP");
          // A folder's .git is not walked at all, where an archive's is set aside but
          // judged: with .git content, the folder itself is left out (its packings stay).
          if (c.entries.some((e) => e.path.split("/").includes(".git"))) {
            forms = forms.filter((form) => form !== "folder");
          }
          const verdicts = await Promise.all(forms.map((form) => readForm(c, form)));
          accepted += verdicts[0]?.ok === true ? 1 : 0;
          for (const [i, v] of verdicts.entries()) {
            expect(v, `${forms[i]} against ${forms[0]}`).toEqual(verdicts[0]);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // The generator must reach acceptance often enough for the skills to be compared.
      expect(accepted).toBeGreaterThan(RUNS / 10);
    },
    60_000 + RUNS * 200,
  );
});
