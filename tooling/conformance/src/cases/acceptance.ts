// Bundles every surface must accept: a root skill, a collection, one wrapper
// level, a bare archive's "./" members, and what a skill's files keep (empty
// files, a BOM, the owner-execute bit, Unicode and long names).
import type { Case } from "../types.js";
import { accepted, dir, file, refused, skill, skillFile } from "./helpers.js";

const everyForm = ["folder", "tar", "tgz", "zip", "uploads"] as const;

export const acceptanceCases: Case[] = [
  {
    name: "a root skill",
    root: "my-skill",
    entries: [skillFile("", "my-skill"), file("notes/reference.md")],
    verdict: accepted(skill("my-skill", ["SKILL.md", "notes/reference.md"])),
  },
  {
    name: "a root skill in a bare archive takes the archive's name",
    root: "my-skill",
    layout: "bare",
    forms: [...everyForm],
    entries: [skillFile("", "my-skill"), file("reference.md")],
    verdict: accepted(skill("my-skill", ["SKILL.md", "reference.md"])),
    unnamed: refused("unnamed-skill"),
  },
  {
    name: "a bare archive's leading ./ is dropped",
    root: "dotted",
    layout: "bare",
    forms: [...everyForm],
    entries: [
      dir("."),
      file("./SKILL.md", "# dotted\n"),
      dir("./scripts"),
      file("./scripts/run.md"),
    ],
    verdict: accepted(skill("dotted", ["SKILL.md", "scripts/run.md"])),
    unnamed: refused("unnamed-skill"),
    note: "As `tar -C dotted -cf dotted.tar .` writes it, './' member first.",
  },
  {
    name: "a .tar.gz file name names a root skill",
    root: "gz-skill",
    layout: "bare",
    gzipExtension: ".tar.gz",
    entries: [skillFile("", "gz-skill")],
    verdict: accepted(skill("gz-skill", ["SKILL.md"])),
    unnamed: refused("unnamed-skill"),
  },
  {
    name: "a collection of skills",
    entries: [skillFile("alpha"), skillFile("beta"), file("beta/ref/x.md")],
    verdict: accepted(skill("alpha", ["SKILL.md"]), skill("beta", ["SKILL.md", "ref/x.md"])),
  },
  {
    name: "a collection at a bare archive's root",
    layout: "bare",
    forms: [...everyForm],
    entries: [skillFile("alpha"), skillFile("beta")],
    verdict: accepted(skill("alpha", ["SKILL.md"]), skill("beta", ["SKILL.md"])),
  },
  {
    name: "one skill folder at a bare archive's root",
    layout: "bare",
    entries: [skillFile("solo"), file("solo/guide.md")],
    verdict: accepted(skill("solo", ["SKILL.md", "guide.md"])),
  },
  {
    name: "one wrapper directory is removed",
    layout: "bare",
    entries: [skillFile("wrap/alpha"), skillFile("wrap/beta")],
    verdict: accepted(skill("alpha", ["SKILL.md"]), skill("beta", ["SKILL.md"])),
    note: "As `git archive --prefix=wrap/` writes it.",
  },
  {
    name: "a SKILL.md at the root makes the root one skill",
    root: "outer",
    entries: [skillFile("", "outer"), skillFile("inner")],
    verdict: accepted(skill("outer", ["SKILL.md", "inner/SKILL.md"])),
  },
  {
    name: "nested folders inside a skill",
    entries: [skillFile("deep"), file("deep/a/b/c/d.md"), file("deep/a/e.md")],
    verdict: accepted(skill("deep", ["SKILL.md", "a/b/c/d.md", "a/e.md"])),
  },
  {
    name: "an empty directory inside a skill adds no file",
    entries: [skillFile("s"), dir("s/empty")],
    verdict: accepted(skill("s", ["SKILL.md"])),
  },
  {
    name: "empty files are kept",
    entries: [skillFile("s"), file("s/empty.md", "")],
    verdict: accepted(
      skill("s", ["SKILL.md", "empty.md"], { bytes: { "SKILL.md": 13, "empty.md": 0 } }),
    ),
  },
  {
    name: "a UTF-8 BOM is kept as bytes",
    entries: [file("s/SKILL.md", "\uFEFF# s\n")],
    verdict: accepted(skill("s", ["SKILL.md"], { bytes: { "SKILL.md": 7 } })),
  },
  {
    name: "the owner-execute bit marks a file executable",
    entries: [
      skillFile("s"),
      file("s/run.sh", "#!/bin/sh\n", { mode: 0o755 }),
      file("s/owner.py", "print()\n", { mode: 0o744 }),
      file("s/group.sh", "#!/bin/sh\n", { mode: 0o654 }),
      file("s/setuid.sh", "#!/bin/sh\n", { mode: 0o4777 }),
    ],
    verdict: accepted(
      skill("s", ["SKILL.md", "group.sh", "owner.py", "run.sh", "setuid.sh"], {
        executable: ["owner.py", "run.sh", "setuid.sh"],
      }),
    ),
    note: "Uploads carry no modes, so there no file is executable.",
  },
  {
    name: "Unicode file names",
    entries: [skillFile("s"), file("s/über.md"), file("s/日本語/説明.md")],
    verdict: accepted(skill("s", ["SKILL.md", "über.md", "日本語/説明.md"])),
  },
  {
    name: "a path split over the ustar prefix field",
    entries: [skillFile("s"), file(`s/${"p".repeat(120)}/file.md`)],
    verdict: accepted(skill("s", ["SKILL.md", `${"p".repeat(120)}/file.md`])),
  },
  {
    name: "a long path carried by a PAX record",
    entries: [skillFile("s"), file(`s/${"q".repeat(200)}/${"r".repeat(120)}.md`)],
    verdict: accepted(skill("s", ["SKILL.md", `${"q".repeat(200)}/${"r".repeat(120)}.md`])),
  },
];
