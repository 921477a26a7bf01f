// macOS metadata and .git contents are set aside before anything else is
// decided, but a set-aside entry must still be safe and must not be a link.
import type { Case } from "../types.js";
import { accepted, bytes, file, refused, skill, skillFile } from "./helpers.js";

export const setAsideCases: Case[] = [
  {
    name: "macOS metadata and .git contents are set aside",
    entries: [
      skillFile("s"),
      file(".DS_Store", "\u0000\u0001bud1"),
      file("s/.DS_Store", "\u0000"),
      file("._s", "\u0000\u0005\u0016\u0007"),
      file("s/._SKILL.md", "\u0000\u0005\u0016\u0007"),
      file(".git/config", "[core]\n"),
      file(".git/objects/ab/cdef", "blob"),
      file("s/.git/HEAD", "ref: refs/heads/main\n"),
    ],
    verdict: accepted(skill("s", ["SKILL.md"])),
    note: "A .git directory beside the skills is set aside with what lies below it.",
  },
  {
    name: "set-aside files may hold bytes that are not UTF-8",
    entries: [
      skillFile("s"),
      { path: "s/._icon", bytes: Uint8Array.from([0xff, 0xfe, 0x00, 0x80]) },
    ],
    verdict: accepted(skill("s", ["SKILL.md"])),
  },
  {
    name: "AppleDouble files do not stop the wrapper from being removed",
    layout: "bare",
    entries: [
      file("._wrap", "\u0000\u0005"),
      skillFile("wrap/alpha"),
      file("wrap/._alpha", "\u0000"),
    ],
    verdict: accepted(skill("alpha", ["SKILL.md"])),
    note: "macOS tar writes ._ entries beside the folder it packs.",
  },
  {
    name: "a collection directory holding only set-aside files",
    entries: [skillFile("alpha"), file("beta/.DS_Store", "\u0000"), file("beta/._notes", "\u0000")],
    verdict: refused("missing-skill-file"),
    note: "Found by the cross-form fuzzer: a folder and a tar hold the directory beta, so uploads, which only imply it, must too.",
  },
  {
    name: "a collection directory implied only by set-aside files",
    impliedDirs: false,
    forms: ["tar", "tgz", "zip"],
    entries: [skillFile("alpha"), file("beta/.DS_Store", "\u0000")],
    verdict: refused("missing-skill-file"),
  },
  {
    name: "a source of only set-aside entries holds no skills",
    entries: [file(".DS_Store", "x"), file("._notes", "x"), file(".git/HEAD", "ref\n")],
    verdict: refused("no-skills"),
  },
  {
    name: "a ._ symbolic link is refused, not set aside",
    entries: [skillFile("s"), { path: "s/._SKILL.md", kind: "symlink", linkTarget: "SKILL.md" }],
    verdict: refused("link", "bundle/s/._SKILL.md"),
  },
  {
    name: "a .DS_Store symbolic link is refused",
    entries: [skillFile("s"), { path: "s/.DS_Store", kind: "symlink", linkTarget: "/etc/passwd" }],
    verdict: refused("link", "bundle/s/.DS_Store"),
  },
  {
    name: "a symbolic link below .git is refused",
    note: "An archive's .git is set aside but still judged; a folder's is not walked (below).",
    forms: ["tar", "tgz", "zip"],
    entries: [
      skillFile("s"),
      file(".git/HEAD", "ref\n"),
      { path: ".git/hooks/pre-commit", kind: "symlink", linkTarget: "/bin/sh" },
    ],
    verdict: refused("link", "bundle/.git/hooks/pre-commit"),
  },
  {
    name: "a folder's .git is not walked at all",
    note: "A clone's pack files are hard links, and its hooks may be links: none is looked at.",
    forms: ["folder"],
    entries: [
      skillFile("s"),
      file(".git/HEAD", "ref\n"),
      { path: ".git/hooks/pre-commit", kind: "symlink", linkTarget: "/bin/sh" },
      file("s/.git/a\\b", "x"),
      bytes(".git/objects/pack/p.pack", [0xff, 0xfe]),
    ],
    verdict: accepted(skill("s", ["SKILL.md"])),
  },
  {
    name: "a set-aside entry must still have a safe path",
    forms: ["tar", "tgz", "zip", "uploads"],
    entries: [skillFile("s"), file("s/.git/a\\b", "x")],
    verdict: refused("unsafe-path", "bundle/s/.git/a\\b", "backslash"),
  },
];
