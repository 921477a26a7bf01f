// What only a tar can say: header details a reader must accept (GNU magic,
// base-256 sizes, PAX records, no padding) and damage it must refuse as a
// corrupt archive (bad checksums, truncation, malformed PAX, sizes that are
// not safe integers, junk after the end), plus bytes that are no archive.
import type { Case } from "../types.js";
import { accepted, file, refused, skill, skillFile, text } from "./helpers.js";

const valid = [skillFile("s"), file("s/notes.md", "notes\n")];
const validVerdict = accepted(skill("s", ["SKILL.md", "notes.md"]));

/** The valid bundle with tweaks on its SKILL.md header. */
const tweaked = (
  name: string,
  tar: NonNullable<Case["entries"][number]["tar"]>,
  verdict = validVerdict,
): Case => ({
  name,
  entries: [{ ...skillFile("s"), tar }, file("s/notes.md", "notes\n")],
  verdict,
});

const sizeField = (bytes: number[]): Uint8Array => Uint8Array.from(bytes);

export const archiveCases: Case[] = [
  tweaked("GNU magic in the header", { magic: "gnu" }),
  tweaked("a base-256 size", { base256Size: true }),
  tweaked("a PAX path overrides the ustar name", {
    name: "bundle/s/WRONG",
    pax: { path: "bundle/s/SKILL.md" },
  }),
  tweaked("unknown PAX records are ignored", {
    pax: { mtime: "1700000000.25", comment: "packed by hand", "SCHILY.xattr.user.k": "v" },
  }),
  {
    name: "a PAX global header as git archive writes it",
    entries: [
      {
        path: "pax_global_header",
        text: "52 comment=3f1c2a9e0b7d4c5e6f8a9b0c1d2e3f4a5b6c7d8e\n",
        tar: { name: "pax_global_header", typeflag: "g" },
      },
      ...valid,
    ],
    verdict: validVerdict,
  },
  tweaked("an old-style regular file with a NUL typeflag", { typeflag: 0 }),
  {
    name: "an archive without record padding",
    entries: valid,
    archive: { record: 0 },
    verdict: validVerdict,
  },
  {
    name: "zero blocks after the end marker are padding",
    entries: valid,
    archive: { trailing: new Uint8Array(4096) },
    verdict: validVerdict,
  },
  {
    name: "members without their parent directories",
    entries: valid,
    impliedDirs: false,
    forms: ["tar", "tgz", "zip"],
    verdict: validVerdict,
  },
  tweaked(
    "a PAX size record overrides the header's size",
    { sizeField: text("00000000000\u0000"), pax: { size: "13" } },
    accepted(skill("s", ["SKILL.md", "notes.md"], { bytes: { "SKILL.md": 13, "notes.md": 6 } })),
  ),
  {
    name: "a PAX path that climbs out",
    entries: [
      skillFile("s"),
      file("s/benign.md", "x", { tar: { pax: { path: "bundle/../evil.md" } } }),
    ],
    verdict: refused("unsafe-path", "bundle/../evil.md", "traversal"),
  },
  {
    name: "a PAX path holding a NUL",
    entries: [
      skillFile("s"),
      file("s/benign.md", "x", { tar: { pax: { path: "bundle/s/a\u0000b.md" } } }),
    ],
    verdict: refused("unsafe-path", undefined, "control-character"),
  },
  {
    name: "a GNU long name that climbs out",
    entries: [
      skillFile("s"),
      { path: "", text: "bundle/../evil.md\u0000", tar: { name: "././@LongLink", typeflag: "L" } },
      file("s/benign.md"),
    ],
    verdict: refused("unsafe-path", "bundle/../evil.md", "traversal"),
  },
  tweaked("a bad header checksum", { badChecksum: true }, refused("corrupt-archive")),
  tweaked(
    "a size field that is not octal",
    { sizeField: text("0000000001x\u0000") },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a base-256 size beyond a safe integer",
    {
      sizeField: sizeField([
        0x80, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      ]),
    },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a negative base-256 size",
    {
      sizeField: sizeField([
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0,
      ]),
    },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a PAX size beyond a safe integer",
    { pax: { size: "99999999999999999999" } },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a PAX record with a wrong length",
    { paxBody: text("99 path=x\n") },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a PAX record without a length",
    { paxBody: text("path=bundle/s/SKILL.md\n") },
    refused("corrupt-archive"),
  ),
  tweaked(
    "a PAX record without '='",
    { paxBody: text("12 pathxxxx\n") },
    refused("corrupt-archive"),
  ),
  {
    name: "an archive cut inside a file's body",
    entries: valid,
    archive: { truncate: 3 * 512 + 7 },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an archive cut inside a header",
    entries: valid,
    archive: { truncate: 3 * 512 + 512 + 300 },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "an archive cut before its end marker",
    entries: valid,
    archive: { truncate: 6 * 512 },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "junk after the end-of-archive marker",
    entries: valid,
    archive: { trailing: text("junk after the end\n") },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a gzip stream followed by junk",
    entries: valid,
    archive: { gzipTrailing: text("junk") },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a gzip stream cut short",
    entries: valid,
    archive: { gzipTruncate: -24 },
    verdict: refused("corrupt-archive"),
  },
  {
    name: "gzip magic over garbage",
    entries: [],
    archive: {
      raw: Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    },
    forms: ["tgz"],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a directory header that claims a size",
    entries: [skillFile("s"), { path: "s/sub", kind: "dir", tar: { claimedSize: 1024 } }],
    verdict: refused("corrupt-archive"),
    note: "Decided from the header, before any body is read.",
  },
  {
    name: "a symbolic link header that claims a size",
    entries: [
      skillFile("s"),
      { path: "s/link.md", kind: "symlink", linkTarget: "SKILL.md", tar: { claimedSize: 2048 } },
    ],
    verdict: refused("link", "bundle/s/link.md"),
  },
  {
    name: "a hard link header that claims a size",
    entries: [
      skillFile("s"),
      { path: "s/again.md", kind: "hardlink", linkTarget: "s/SKILL.md", tar: { claimedSize: 512 } },
    ],
    verdict: refused("link", "bundle/s/again.md"),
  },
  {
    name: "plain text is not an archive",
    entries: [],
    archive: { raw: text("These are my notes, not an archive.\n".repeat(40)) },
    forms: ["tar", "tgz"],
    verdict: refused("not-an-archive"),
  },
  {
    name: "bytes that open like a zip but hold none are a damaged zip",
    entries: [],
    archive: { raw: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array(1020).fill(0x41)]) },
    forms: ["tar", "tgz"],
    verdict: refused("corrupt-archive"),
    note: "A zip is told by its first bytes, whatever the file is called.",
  },
];
