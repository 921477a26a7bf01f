// One case per unsafe-path reason, in every form that can hold the name: a
// Linux folder holds backslashes, control characters and reserved names;
// only a tar holds absolute and traversing names; uploads hold empty and "."
// segments as strings.
import type { Case } from "../types.js";
import { file, refused, skillFile } from "./helpers.js";

const deep = `${"d".repeat(100)}/`.repeat(40);

export const pathCases: Case[] = [
  {
    name: "an absolute path",
    layout: "bare",
    entries: [skillFile("s"), file("/s/evil.md")],
    verdict: refused("unsafe-path", "/s/evil.md", "absolute"),
  },
  {
    name: "a path starting with two slashes",
    layout: "bare",
    entries: [skillFile("s"), file("//server/share.md")],
    verdict: refused("unsafe-path", "//server/share.md", "absolute"),
  },
  {
    name: "a drive prefix",
    layout: "bare",
    entries: [skillFile("s"), file("C:evil.md")],
    verdict: refused("unsafe-path", "C:evil.md", "drive-prefix"),
  },
  {
    name: "a stream name inside a skill",
    entries: [skillFile("s"), file("s/notes.md:hidden")],
    verdict: refused("unsafe-path", "bundle/s/notes.md:hidden", "drive-prefix"),
    note: "NTFS would write an alternate data stream of notes.md.",
  },
  {
    name: "a traversal at the archive's root",
    layout: "bare",
    entries: [skillFile("s"), file("../evil.md")],
    verdict: refused("unsafe-path", "../evil.md", "traversal"),
  },
  {
    name: "a traversal inside a skill",
    entries: [skillFile("s"), file("s/../../evil.md")],
    verdict: refused("unsafe-path", "bundle/s/../../evil.md", "traversal"),
  },
  {
    name: "a backslash",
    entries: [skillFile("s"), file("s/a\\b.md")],
    verdict: refused("unsafe-path", "bundle/s/a\\b.md", "backslash"),
  },
  {
    name: "a control character",
    entries: [skillFile("s"), file("s/a\u0001b.md")],
    verdict: refused("unsafe-path", "bundle/s/a\u0001b.md", "control-character"),
  },
  {
    name: "a DEL character",
    entries: [skillFile("s"), file("s/a\u007fb.md")],
    verdict: refused("unsafe-path", "bundle/s/a\u007fb.md", "control-character"),
  },
  {
    name: "an empty segment",
    entries: [skillFile("s"), file("s//x.md")],
    verdict: refused("unsafe-path", "bundle/s//x.md", "empty-segment"),
  },
  {
    name: "a file path with a trailing slash",
    entries: [skillFile("s"), file("s/x.md/")],
    verdict: refused("unsafe-path", "bundle/s/x.md/", "empty-segment"),
    note: "Only uploads say this: a tar reads a trailing slash as a directory.",
  },
  {
    name: "a . segment",
    entries: [skillFile("s"), file("s/./x.md")],
    verdict: refused("unsafe-path", "bundle/s/./x.md", "dot-segment"),
  },
  {
    name: "a second leading ./",
    layout: "bare",
    entries: [skillFile("./s"), file("././s/x.md")],
    verdict: refused("unsafe-path", undefined, "dot-segment"),
  },
  {
    name: "a name that is not UTF-8",
    entries: [
      skillFile("s"),
      {
        path: "s/caf?.md",
        rawPath: Uint8Array.from([0x73, 0x2f, 0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x64]),
        text: "x",
      },
    ],
    verdict: refused("unsafe-path", undefined, "not-utf8"),
  },
  {
    name: "a segment longer than 255 bytes",
    entries: [skillFile("s"), file(`s/${"n".repeat(256)}.md`)],
    verdict: refused("unsafe-path", `bundle/s/${"n".repeat(256)}.md`, "segment-too-long"),
  },
  {
    name: "a path longer than 4,096 bytes",
    entries: [skillFile("s"), file(`s/${deep}${"x".repeat(60)}.md`)],
    verdict: refused("unsafe-path", `bundle/s/${deep}${"x".repeat(60)}.md`, "path-too-long"),
  },
  {
    name: "a reserved Windows name with an extension",
    entries: [skillFile("s"), file("s/con.md")],
    verdict: refused("unsafe-path", "bundle/s/con.md", "reserved-name"),
  },
  {
    name: "a reserved Windows name in upper case",
    entries: [skillFile("s"), file("s/LPT9")],
    verdict: refused("unsafe-path", "bundle/s/LPT9", "reserved-name"),
  },
  {
    name: "a reserved Windows device COM1",
    entries: [skillFile("s"), file("s/Com1.txt")],
    verdict: refused("unsafe-path", "bundle/s/Com1.txt", "reserved-name"),
  },
  {
    name: "a reserved Windows name as a skill folder",
    entries: [skillFile("alpha"), skillFile("aux")],
    verdict: refused("unsafe-path", undefined, "reserved-name"),
  },
  {
    name: "a name ending in a dot",
    entries: [skillFile("s"), file("s/notes.")],
    verdict: refused("unsafe-path", "bundle/s/notes.", "trailing-dot-or-space"),
  },
  {
    name: "a name ending in a space",
    entries: [skillFile("s"), file("s/notes ")],
    verdict: refused("unsafe-path", "bundle/s/notes ", "trailing-dot-or-space"),
  },
];
