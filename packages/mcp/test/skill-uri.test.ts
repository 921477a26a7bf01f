// The one reading of a skill:// URI, as a table: the forms a host may send
// and the id and path each names, and the forms refused before any store is
// asked (with the reason given).
import { describe, expect, it } from "vitest";
import { fileUriOf, mimeTypeOf, parseSkillUri } from "../src/index.js";

describe("parseSkillUri", () => {
  it.each([
    ["skill://pdf-tools/SKILL.md", "pdf-tools", "SKILL.md"],
    ["skill://pdf-tools", "pdf-tools", ""],
    ["skill://pdf-tools/templates/regional", "pdf-tools", "templates/regional"],
    ["skill://pdf-tools/notes%20with%20space.txt", "pdf-tools", "notes with space.txt"],
    ["skill://pdf-tools/donn%C3%A9es/%C3%A9.md", "pdf-tools", "données/é.md"],
    ["skill://a/b.c.d", "a", "b.c.d"],
    ["skill://a/..x", "a", "..x"],
  ])("%s names %s at '%s'", (uri, id, path) => {
    expect(parseSkillUri(uri)).toEqual({ ok: true, id, path });
    expect(fileUriOf(id, path)).toBe(uri);
  });

  it.each([
    ["file:///etc/passwd", "it is not a skill:// URI"],
    ["SKILL://pdf-tools/SKILL.md", "it is not a skill:// URI"],
    ["skill:/pdf-tools/SKILL.md", "it is not a skill:// URI"],
    ["skill://", "its authority is not a skill id"],
    ["skill:///SKILL.md", "its authority is not a skill id"],
    ["skill://PDF-tools/SKILL.md", "its authority is not a skill id"],
    ["skill://pdf-tools:80/SKILL.md", "its authority is not a skill id"],
    ["skill://user@pdf-tools/SKILL.md", "its authority is not a skill id"],
    ["skill://.records/pdf-tools.json", "its authority is not a skill id"],
    ["skill://%70df-tools/SKILL.md", "its authority is not a skill id"],
    ["skill://pdf-tools/", "it has an empty segment or a trailing slash"],
    ["skill://pdf-tools//SKILL.md", "it has an empty segment or a trailing slash"],
    ["skill://pdf-tools/templates/", "it has an empty segment or a trailing slash"],
    ["skill://pdf-tools/../git-flow/SKILL.md", "it has a dot segment"],
    ["skill://pdf-tools/./SKILL.md", "it has a dot segment"],
    ["skill://pdf-tools/..", "it has a dot segment"],
    ["skill://pdf-tools/%2E%2E/git-flow/SKILL.md", "it has a dot segment"],
    ["skill://pdf-tools/%2e%2e/git-flow/SKILL.md", "it has a dot segment"],
    ["skill://pdf-tools/%2E/SKILL.md", "it has a dot segment"],
    ["skill://pdf-tools/references%2FFORMS.md", "it has a percent-encoded separator"],
    ["skill://pdf-tools/references%2fFORMS.md", "it has a percent-encoded separator"],
    ["skill://pdf-tools/references%5CFORMS.md", "it has a percent-encoded separator"],
    ["skill://pdf-tools/..%2F..%2Fetc%2Fpasswd", "it has a percent-encoded separator"],
    ["skill://pdf-tools/%E0%A4%A", "it has a malformed percent-encoding"],
    ["skill://pdf-tools/%FF.md", "it has a malformed percent-encoding"],
    ["skill://pdf-tools/a%00b", "it has a control character"],
    ["skill://pdf-tools/a\nb", "it has a control character"],
    ["skill://pdf-tools/SKILL.md?x=1", "it is not in canonical form"],
    ["skill://pdf-tools/SKILL.md#top", "it is not in canonical form"],
    ["skill://pdf-tools/SKILL%2Emd", "it is not in canonical form"],
    ["skill://pdf-tools/notes with space.txt", "it is not in canonical form"],
    ["skill://pdf-tools/a\\b", "it is not in canonical form"],
    ["skill://pdf-tools/données", "it is not in canonical form"],
    [`skill://pdf-tools/${"a".repeat(9000)}`, "it is longer than 8192 characters"],
  ])("refuses %j: %s", (uri, reason) => {
    expect(parseSkillUri(uri)).toEqual({ ok: false, reason });
  });
});

describe("mimeTypeOf", () => {
  it.each([
    ["SKILL.md", "text/markdown"],
    ["references/FORMS.MD", "text/markdown"],
    ["scripts/fill.py", "text/x-python"],
    ["hooks/pre-commit.sh", "application/x-sh"],
    ["lib/index.js", "text/javascript"],
    ["lib/index.ts", "text/x-typescript"],
    ["data.json", "application/json"],
    ["config.yaml", "application/yaml"],
    ["notes.txt", "text/plain"],
    ["Makefile", "text/plain"],
    [".env", "text/plain"],
    ["archive.weird", "text/plain"],
  ])("%s is %s", (path, type) => {
    expect(mimeTypeOf(path)).toBe(type);
  });
});
