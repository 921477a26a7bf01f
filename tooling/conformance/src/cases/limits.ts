// The limits and the unreadable source. Big entry lists are made only when a
// case is first built (and then kept), large files are runs of zeros written
// sparsely to folders and streamed through gzip, so the cases cost little
// until they run.
import type { Case, Entry } from "../types.js";
import { accepted, file, refused, skill, skillFile } from "./helpers.js";

const MIB = 1024 * 1024;

/** A case whose entries are made on first use. */
function lazyCase(c: Omit<Case, "entries">, make: () => Entry[]): Case {
  let entries: Entry[] | undefined;
  return Object.defineProperty({ ...c } as Case, "entries", {
    enumerable: true,
    get: () => {
      entries ??= make();
      return entries;
    },
  });
}

const numbered = (count: number, path: (i: number) => string): Entry[] =>
  Array.from({ length: count }, (_, i) => file(path(i), "x"));

const pad = (i: number): string => String(i).padStart(5, "0");

export const limitCases: Case[] = [
  lazyCase({ name: "more than 10,000 entries", verdict: refused("too-many-entries") }, () => [
    skillFile("s"),
    ...numbered(10_000, (i) => `s/f/${pad(i)}.md`),
  ]),
  lazyCase(
    {
      name: "set-aside entries count against the entry limit",
      forms: ["tar", "tgz", "zip", "uploads"],
      verdict: refused("too-many-entries"),
      note: "The limit counts every member, set-aside ones included (a folder's .git is not walked).",
    },
    () => [skillFile("s"), ...numbered(10_001, (i) => `.git/objects/${pad(i)}`)],
  ),
  lazyCase(
    {
      name: "directories count against the entry limit",
      forms: ["tar", "tgz", "zip"],
      verdict: refused("too-many-entries"),
    },
    () => [
      skillFile("s"),
      ...Array.from({ length: 10_001 }, (_, i): Entry => ({ path: `s/d/${pad(i)}`, kind: "dir" })),
    ],
  ),
  lazyCase(
    {
      name: "5,000 empty directories inside a skill",
      forms: ["tar", "tgz", "zip"],
      verdict: accepted(skill("s", ["SKILL.md"])),
      note: "Bodiless members back to back in one buffer: a parser that recurses per header overflows its stack.",
    },
    () => [
      skillFile("s"),
      ...Array.from({ length: 5_000 }, (_, i): Entry => ({ path: `s/d/${pad(i)}`, kind: "dir" })),
    ],
  ),
  lazyCase(
    {
      name: "9,000 entries are within the limit",
      verdict: accepted(
        skill("s", ["SKILL.md", ...Array.from({ length: 9_000 }, (_, i) => `f/${pad(i)}.md`)]),
      ),
    },
    () => [skillFile("s"), ...numbered(9_000, (i) => `s/f/${pad(i)}.md`)],
  ),
  {
    name: "a file beyond 64 MiB",
    entries: [skillFile("s"), { path: "s/big.txt", zeros: 64 * MIB + 1 }],
    verdict: refused("too-large"),
  },
  {
    name: "files that together pass 64 MiB",
    entries: [
      skillFile("s"),
      ...Array.from({ length: 9 }, (_, i): Entry => ({ path: `s/part-${i}.txt`, zeros: 8 * MIB })),
    ],
    verdict: refused("too-large"),
  },
  {
    name: "a gzip bomb",
    entries: [skillFile("s"), { path: "s/bomb.txt", zeros: 1024 * MIB }],
    forms: ["tgz", "zip"],
    verdict: refused("too-large"),
    note: "1 GiB of zeros in about 1 MiB of gzip (or of one deflated zip member); the reader stops at 64 MiB.",
  },
  {
    name: "a folder that does not exist",
    missing: true,
    entries: [],
    verdict: refused("unreadable-source"),
  },
];
