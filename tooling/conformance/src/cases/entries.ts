// Entry rules: links, every non-regular type, names that collide (twice, by
// case folding, by Unicode form, as file and directory), content that is not
// UTF-8, and the shape rules of a collection.
import type { Case, EntryKind } from "../types.js";
import { accepted, bytes, dir, file, refused, skill, skillFile } from "./helpers.js";

const special = (kind: EntryKind, name: string): Case => ({
  name: `a ${name} entry`,
  entries: [skillFile("s"), { path: "s/special", kind }],
  verdict: refused("not-regular-file", "bundle/s/special"),
});

export const entryCases: Case[] = [
  {
    name: "a symbolic link",
    entries: [skillFile("s"), { path: "s/link.md", kind: "symlink", linkTarget: "SKILL.md" }],
    verdict: refused("link", "bundle/s/link.md"),
  },
  {
    name: "a symbolic link pointing out of the bundle",
    entries: [
      skillFile("s"),
      { path: "s/passwd", kind: "symlink", linkTarget: "../../../etc/passwd" },
    ],
    verdict: refused("link", "bundle/s/passwd"),
  },
  {
    name: "a hard link",
    entries: [skillFile("s"), { path: "s/again.md", kind: "hardlink", linkTarget: "s/SKILL.md" }],
    verdict: refused("link", "bundle/s/again.md"),
    note: "In a folder: a regular file with two links (its twin lies outside the bundle).",
  },
  special("fifo", "fifo"),
  special("chardev", "character device"),
  special("blockdev", "block device"),
  special("contiguous", "contiguous file"),
  special("sparse", "GNU sparse"),
  special("vendor", "vendor-type"),
  special("unknown", "unknown-type"),
  {
    name: "the same path twice",
    entries: [skillFile("s"), file("s/notes.md", "one\n"), file("s/notes.md", "two\n")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "paths equal after case folding",
    entries: [skillFile("s"), file("s/Notes.md"), file("s/notes.md")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "skill folders equal after case folding",
    entries: [skillFile("Alpha"), skillFile("alpha")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "paths equal after folding a non-ASCII case",
    entries: [skillFile("s"), file("s/\u00c9t\u00e9.md"), file("s/\u00e9t\u00e9.md")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "a path stored with and without ./",
    layout: "bare",
    entries: [skillFile("s"), file("./s/SKILL.md")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "paths equal after NFC normalization",
    entries: [skillFile("s"), file("s/caf\u00e9.md"), file("s/cafe\u0301.md")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "a path stored as a file and as a directory",
    entries: [skillFile("s"), file("s/x"), dir("s/x")],
    verdict: refused("file-and-directory"),
  },
  {
    name: "a file that other files lie below",
    entries: [skillFile("s"), file("s/x"), file("s/x/y.md")],
    verdict: refused("file-and-directory"),
  },
  {
    name: "file content that is not UTF-8",
    entries: [
      skillFile("s"),
      bytes("s/data.bin", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]),
    ],
    verdict: refused("not-utf8", "bundle/s/data.bin"),
  },
  {
    name: "an overlong UTF-8 encoding",
    entries: [skillFile("s"), bytes("s/overlong.md", [0x61, 0xc0, 0xaf, 0x62])],
    verdict: refused("not-utf8", "bundle/s/overlong.md"),
  },
  {
    name: "an encoded UTF-16 surrogate",
    entries: [skillFile("s"), bytes("s/surrogate.md", [0x61, 0xed, 0xa0, 0x80])],
    verdict: refused("not-utf8", "bundle/s/surrogate.md"),
  },
  {
    name: "a SKILL.md cut inside a multi-byte character",
    entries: [bytes("s/SKILL.md", [0x23, 0x20, 0x73, 0x0a, 0xe6, 0x97])],
    verdict: refused("not-utf8", "bundle/s/SKILL.md"),
  },
  {
    name: "a collection directory without SKILL.md",
    entries: [skillFile("alpha"), file("beta/notes.md")],
    verdict: refused("missing-skill-file"),
  },
  {
    name: "an empty directory in a collection",
    entries: [skillFile("alpha"), dir("beta")],
    verdict: refused("missing-skill-file"),
  },
  {
    name: "two wrapper levels are not removed",
    layout: "bare",
    entries: [skillFile("outer/inner/alpha")],
    verdict: refused("no-skills"),
    note: "No skill at the top, one under outer/inner/: the refusal says to import with that path.",
  },
  {
    name: "a folder holding a wrapper directory is two levels",
    entries: [skillFile("wrap/alpha"), skillFile("wrap/beta")],
    verdict: refused("no-skills"),
    note: "The folder's own name is the one wrapper level, so wrap/ holds the skills: the refusal says path wrap.",
  },
  {
    name: "a file beside the skill directories",
    entries: [skillFile("alpha"), file("README.md")],
    verdict: refused("stray-file", "bundle/README.md"),
  },
  {
    name: "an empty bundle",
    entries: [],
    verdict: refused("no-skills"),
  },
  {
    name: "a root skill accepts files of any name beside SKILL.md",
    root: "solo",
    entries: [skillFile("", "solo"), file("README.md"), file("LICENSE")],
    verdict: accepted(skill("solo", ["LICENSE", "README.md", "SKILL.md"])),
  },
];
