// What only a zip can say: .skill files, Finder's __MACOSX, Unix modes in
// external attributes, methods and encryption skillshelf does not read, the
// Unicode Path field, zip64 and data descriptors, and every way the layout
// of a zip can lie (headers that disagree, entries that share data, bytes
// hidden between entries, end records that contradict each other).
import { deflateRawSync } from "node:zlib";
import type { Case, Entry, ZipTweak } from "../types.js";
import { writeZip } from "../zip/write-zip.js";
import { accepted, dir, file, refused, skill, skillFile, text } from "./helpers.js";

const MIB = 1024 * 1024;
const valid: Entry[] = [skillFile("s"), file("s/notes.md", "notes\n")];
const validVerdict = accepted(skill("s", ["SKILL.md", "notes.md"]));
const zipOnly = { forms: ["zip" as const] };
const notes = deflateRawSync(text("notes\n"));

/** The valid bundle with one tweak on its notes file. */
function tweaked(name: string, zip: ZipTweak, verdict = refused("corrupt-archive")): Case {
  return { name, entries: [skillFile("s"), file("s/notes.md", "notes\n", { zip })], verdict };
}

const plainMembers = [
  { name: "bundle/s/SKILL.md", data: "# s\n\nDoes s.\n" },
  { name: "bundle/s/notes.md", data: "notes\n" },
];

export const zipCases: Case[] = [
  {
    name: "a .skill file whose one folder is the skill, without directory entries",
    root: "pdf-tools",
    zipExtension: ".skill",
    impliedDirs: false,
    ...zipOnly,
    entries: [skillFile("", "pdf-tools"), file("scripts/run.py", "print(1)\n", { mode: 0o755 })],
    verdict: accepted(
      skill("pdf-tools", ["SKILL.md", "scripts/run.py"], { executable: ["scripts/run.py"] }),
    ),
    note: "As Anthropic's package_skill.py writes it: files only, deflated, under the skill's folder.",
  },
  {
    name: "a root skill in a bare .skill file takes the file's name",
    root: "notes",
    zipExtension: ".skill",
    layout: "bare",
    ...zipOnly,
    entries: [skillFile("", "notes"), file("reference.md")],
    verdict: accepted(skill("notes", ["SKILL.md", "reference.md"])),
    unnamed: refused("unnamed-skill"),
  },
  {
    name: "Finder's __MACOSX directory is set aside",
    layout: "bare",
    ...zipOnly,
    entries: [
      skillFile("s"),
      file("s/notes.md"),
      dir("__MACOSX/"),
      dir("__MACOSX/s/"),
      file("__MACOSX/s/._SKILL.md", "\u0000\u0005\u0016\u0007"),
      file("__MACOSX/s/._notes.md", "\u0000\u0005\u0016\u0007"),
      file("s/.DS_Store", "\u0000"),
    ],
    verdict: accepted(skill("s", ["SKILL.md", "notes.md"])),
  },
  {
    name: "__MACOSX below a wrapper is set aside too",
    ...zipOnly,
    entries: [...valid, file("__MACOSX/s/._notes.md", "\u0000\u0005")],
    verdict: validVerdict,
  },
  {
    name: "a symbolic link below __MACOSX is still refused",
    ...zipOnly,
    entries: [
      ...valid,
      { path: "__MACOSX/s/._notes.md", kind: "symlink", linkTarget: "/etc/passwd" },
    ],
    verdict: refused("link", "bundle/__MACOSX/s/._notes.md"),
  },
  {
    name: "__MACOSX in a tar is an ordinary directory",
    layout: "bare",
    forms: ["tar", "tgz"],
    entries: [skillFile("s"), file("__MACOSX/s/notes.md")],
    verdict: refused("missing-skill-file"),
    note: "Only Finder's zips carry it, so only a zip sets it aside.",
  },
  tweaked("a socket is not a regular file", { mode: 0o140644 }, refused("not-regular-file")),
  tweaked(
    "an unknown file type is not a regular file",
    { mode: 0o170644 },
    refused("not-regular-file"),
  ),
  tweaked(
    "the owner-execute bit makes a file executable",
    { mode: 0o100744 },
    accepted(skill("s", ["SKILL.md", "notes.md"], { executable: ["notes.md"] })),
  ),
  tweaked(
    "entries made on MS-DOS are plain files, never executable",
    { host: 0, externalAttributes: 0x20 },
    accepted(skill("s", ["SKILL.md", "notes.md"], { executable: [] })),
  ),
  tweaked("a stored entry", { method: 0 }, validVerdict),
  tweaked("a data descriptor with its signature", { descriptor: "signed" }, validVerdict),
  tweaked("a data descriptor without its signature", { descriptor: "unsigned" }, validVerdict),
  tweaked("zip64 sizes and offset", { zip64: true }, validVerdict),
  tweaked(
    "zip64 sizes with a data descriptor",
    { zip64: true, descriptor: "signed" },
    validVerdict,
  ),
  {
    name: "a zip64 end record",
    ...zipOnly,
    entries: valid,
    zipArchive: { zip64End: true },
    verdict: validVerdict,
  },
  {
    name: "a legacy name with a Unicode Path field that agrees",
    ...zipOnly,
    entries: [
      ...valid,
      file("s/cafe.md", "x\n", {
        zip: {
          name: Uint8Array.from([...text("bundle/s/caf"), 0x82, ...text(".md")]),
          unicodePath: { name: "bundle/s/café.md" },
        },
      }),
    ],
    verdict: accepted(skill("s", ["SKILL.md", "café.md", "notes.md"])),
  },
  tweaked("a Unicode Path field whose CRC is not its name's", {
    unicodePath: { name: "bundle/s/other.md", crc: 1 },
  }),
  tweaked("a Unicode Path field that renames a UTF-8 name", {
    unicodePath: { name: "bundle/s/other.md" },
  }),
  {
    name: "a legacy name that is not UTF-8 and has no Unicode Path field",
    ...zipOnly,
    entries: [
      ...valid,
      file("s/x.md", "x\n", { zip: { name: Uint8Array.from([...text("bundle/s/caf"), 0x82]) } }),
    ],
    verdict: refused("unsafe-path", undefined, "not-utf8"),
  },
  tweaked("an encrypted entry", { flags: 0x1 }, refused("unsupported-entry", "bundle/s/notes.md")),
  tweaked(
    "an entry under strong encryption",
    { flags: 0x41 },
    refused("unsupported-entry", "bundle/s/notes.md"),
  ),
  tweaked(
    "an entry compressed with bzip2",
    { method: 12 },
    refused("unsupported-entry", "bundle/s/notes.md"),
  ),
  tweaked(
    "an entry compressed with deflate64",
    { method: 9 },
    refused("unsupported-entry", "bundle/s/notes.md"),
  ),
  tweaked("a local header whose name disagrees", { local: { name: "bundle/s/other.md" } }),
  tweaked("a local header whose method disagrees", { local: { method: 0 } }),
  tweaked("a local header whose size disagrees", { local: { size: 99 } }),
  tweaked("a local header whose CRC disagrees", { local: { crc: 7 } }),
  tweaked("a local header whose flags disagree", { local: { flags: 0x800 } }),
  tweaked("a CRC that does not match the data", { crc: 0x12345678 }),
  tweaked("a declared size smaller than the data", { size: 3 }),
  tweaked("a declared size larger than the data", { size: 4096 }),
  tweaked("a stored entry whose sizes differ", { method: 0, compressedSize: 5 }),
  tweaked("deflate data followed by junk", { compressed: Buffer.concat([notes, text("junk")]) }),
  tweaked("deflate data cut short", { compressed: notes.subarray(0, 3) }),
  tweaked("data before the entry", { before: text("hidden") }),
  {
    name: "an entry that no central record names, before the first one",
    ...zipOnly,
    impliedDirs: false,
    entries: [
      file("s/SKILL.md", "# s\n", {
        zip: { before: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0)]) },
      }),
      file("s/notes.md"),
    ],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a spanning marker before the first entry",
    ...zipOnly,
    impliedDirs: false,
    entries: [
      file("s/SKILL.md", "# s\n", { zip: { before: Uint8Array.from([0x50, 0x4b, 0x07, 0x08]) } }),
    ],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a zip after other bytes (a self-extractor) is not a zip",
    ...zipOnly,
    impliedDirs: false,
    entries: [file("s/SKILL.md", "# s\n", { zip: { before: text("MZ self-extractor") } })],
    verdict: refused("not-an-archive"),
    note: "A zip is told by its first bytes.",
  },
  {
    name: "entries that share their data (a non-recursive zip bomb)",
    ...zipOnly,
    entries: [
      skillFile("s"),
      file("s/notes.md", "notes\n"),
      file("s/notes.md", "notes\n", { zip: { sameDataAs: 3 } }),
    ],
    verdict: refused("corrupt-archive"),
    note: "Caught by the layout, before anything is inflated. Member 3 is notes.md, after the two implied directories and SKILL.md.",
  },
  {
    name: "a directory entry that claims data",
    ...zipOnly,
    entries: [
      ...valid,
      dir("s/d", { zip: { size: 10, compressed: new Uint8Array(10), method: 0 } }),
    ],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "data between the last entry and the central directory",
    ...zipOnly,
    entries: valid,
    zipArchive: { beforeDirectory: text("hidden") },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "bytes after the end record",
    ...zipOnly,
    entries: valid,
    zipArchive: { trailing: text("junk") },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a second end record in the comment",
    ...zipOnly,
    entries: valid,
    zipArchive: { comment: Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]) },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an end record that counts fewer entries than the directory holds",
    ...zipOnly,
    entries: valid,
    zipArchive: { end: { entries: 2, diskEntries: 2 } },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an end record whose disk counts disagree",
    ...zipOnly,
    entries: valid,
    zipArchive: { end: { diskEntries: 1 } },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an end record that contradicts its zip64 copy",
    ...zipOnly,
    entries: valid,
    zipArchive: { zip64End: true, end: { entries: 7 } },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a zip cut short",
    ...zipOnly,
    entries: [],
    zipArchive: { raw: writeZip(plainMembers).subarray(0, -30) },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a zip whose end record claims more than 10,000 entries",
    ...zipOnly,
    entries: [],
    zipArchive: { raw: writeZip(plainMembers, { end: { entries: 20_000, diskEntries: 20_000 } }) },
    verdict: refused("too-many-entries"),
    note: "The count is judged from the end record, before the directory is read.",
  },
  {
    name: "a member that inflates past what it declares",
    ...zipOnly,
    entries: [skillFile("s"), { path: "s/big.txt", zeros: 80 * MIB, zip: { size: 100 } }],
    verdict: refused("corrupt-archive"),
    note: "Inflation stops one byte past the declared size.",
  },
  {
    name: "a member that declares less than it holds, near the limit, is damaged",
    ...zipOnly,
    entries: [
      skillFile("s"),
      { path: "s/a.txt", zeros: 60 * MIB },
      { path: "s/b.txt", zeros: 8 * MIB, zip: { size: 1024 } },
    ],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an empty zip holds no skills",
    ...zipOnly,
    entries: [],
    zipArchive: { raw: writeZip([]) },
    verdict: refused("no-skills"),
  },
];
