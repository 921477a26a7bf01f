// What other projects' tar suites (Go's archive/tar, CPython's tarfile,
// libarchive, node-tar, tar-stream) hold that the reader's rules decide, each
// rebuilt here byte by byte: every way tar marks a member sparse, GNU's 'N'
// vendor header, global and empty extended headers, checksum fields read
// strictly, and names equal under either case relation.

import { paxBody, paxRecord } from "../tar/pax.js";
import type { Case } from "../types.js";
import { accepted, file, refused, skill, skillFile, text } from "./helpers.js";

const valid = [skillFile("s"), file("s/notes.md", "notes\n")];
const validVerdict = accepted(skill("s", ["SKILL.md", "notes.md"]));

/** A sparse member: a regular file whose PAX records describe a sparse map. */
const sparse = (
  form: string,
  records: Record<string, string>,
  { body = "sparse data", name = "bundle/s/sparse.md" } = {},
): Case => ({
  name: `a sparse member in the PAX ${form} form`,
  entries: [skillFile("s"), file("s/sparse.md", body, { tar: { name, pax: records } })],
  verdict: refused("not-regular-file", name),
  note: "Its body is a sparse map and data, not the file's bytes: not a regular file.",
});

/** A PAX record whose value is raw bytes (a path that is not UTF-8). */
const rawRecord = (key: string, value: Uint8Array): Uint8Array => {
  const placeholder = paxRecord(key, "x".repeat(value.length));
  const digits = placeholder.indexOf(0x20);
  return Uint8Array.from([...placeholder.subarray(0, digits + key.length + 2), ...value, 0x0a]);
};

/** The valid bundle with a checksum field spelled `field`, where {sum} is the right octal value. */
const checksum = (name: string, field: string, verdict: Case["verdict"]): Case => ({
  name,
  entries: [{ ...skillFile("s"), tar: { checksumField: field } }, file("s/notes.md", "notes\n")],
  verdict,
});

export const peerCases: Case[] = [
  sparse("0.0", {
    "GNU.sparse.size": "4096",
    "GNU.sparse.numblocks": "1",
    "GNU.sparse.offset": "0",
    "GNU.sparse.numbytes": "11",
  }),
  sparse("0.1", {
    "GNU.sparse.size": "4096",
    "GNU.sparse.numblocks": "1",
    "GNU.sparse.map": "0,11",
  }),
  sparse(
    "1.0",
    {
      "GNU.sparse.major": "1",
      "GNU.sparse.minor": "0",
      "GNU.sparse.name": "bundle/s/sparse.md",
      "GNU.sparse.realsize": "4096",
    },
    {
      body: `1\n0\n11\n${"\u0000".repeat(505)}sparse data`,
      name: "bundle/s/GNUSparseFile.0/sparse.md",
    },
  ),
  {
    name: "a GNU 'N' header is a vendor type, never a rename",
    entries: [
      skillFile("s"),
      file("s/renames", "Renaming bundle/s/evil to bundle/s/notes.md\n", {
        tar: { typeflag: "N" },
      }),
      file("s/evil.md"),
    ],
    verdict: refused("not-regular-file", "bundle/s/renames"),
  },
  {
    name: "a PAX global header with no member after it",
    entries: [
      ...valid,
      {
        path: "pax_global_header",
        bytes: paxBody({ comment: "trailing" }),
        tar: { name: "pax_global_header", typeflag: "g" },
      },
    ],
    verdict: validVerdict,
  },
  {
    name: "an empty PAX global header",
    entries: [
      { path: "pax_global_header", text: "", tar: { name: "pax_global_header", typeflag: "g" } },
      ...valid,
    ],
    verdict: validVerdict,
  },
  {
    name: "an empty PAX header before a member",
    entries: [
      { ...skillFile("s"), tar: { paxBody: new Uint8Array(0) } },
      file("s/notes.md", "notes\n"),
    ],
    verdict: validVerdict,
    note: "tar-stream alone would frame the next member's padding as a header body.",
  },
  {
    name: "a PAX header that no member follows",
    entries: [
      ...valid,
      {
        path: "PaxHeader",
        bytes: paxBody({ mtime: "1700000000" }),
        tar: { name: "PaxHeader", typeflag: "x" },
      },
    ],
    verdict: refused("corrupt-archive"),
  },
  {
    name: "a PAX global path that is not UTF-8",
    entries: [
      skillFile("s"),
      {
        path: "pax_global_header",
        bytes: rawRecord("path", Uint8Array.from([...text("bundle/s/caf"), 0xe9, ...text(".md")])),
        tar: { name: "pax_global_header", typeflag: "g" },
      },
      file("s/notes.md", "notes\n", { tar: { pax: { mtime: "1700000000" } } }),
    ],
    verdict: refused("unsafe-path", undefined, "not-utf8"),
    note: "tar-stream gives the global path to a member with its own PAX header.",
  },
  checksum("a checksum of seven digits and a NUL", "0{sum}\u0000", validVerdict),
  checksum("a checksum with a letter after its digits", "{sum}P ", refused("corrupt-archive")),
  checksum("a checksum with a digit after its terminator", "{sum} 7", refused("corrupt-archive")),
  {
    name: "names equal under full case folding (STRAẞE and strasse)",
    entries: [skillFile("s"), file("s/STRA\u1e9eE.md"), file("s/strasse.md")],
    verdict: refused("duplicate-path"),
  },
  {
    name: "names equal under simple uppercase (i and dotless ı)",
    entries: [skillFile("s"), file("s/i.md"), file("s/\u0131.md")],
    verdict: refused("duplicate-path"),
    note: "Full case folding keeps them apart; simple uppercase (what NTFS compares) makes both I. Which of the two is named depends on the order a packer lists them in.",
  },
  {
    name: "names apart under both relations (i and dotted İ)",
    entries: [skillFile("s"), file("s/\u0130.md"), file("s/i.md")],
    verdict: accepted(skill("s", ["SKILL.md", "i.md", "\u0130.md"])),
    note: "İ folds to i + U+0307 and uppercases to itself: apart from i under both.",
  },
];
