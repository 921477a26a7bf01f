// The one frontmatter reader, as a table: where a block opens and closes, a
// BOM and CRLF endings, plain and YAML-only blocks, and the ways it fails.
import { expect, it } from "vitest";
import { readFrontmatter } from "../src/index.js";

it.each([
  { name: "no fence", text: "# alpha\n---\nname: x\n---\n", want: { kind: "absent" } },
  { name: "empty text", text: "", want: { kind: "absent" } },
  {
    name: "plain fields",
    text: "---\nname: alpha\ndescription: Says hi.\n---\nbody\n",
    want: { kind: "present", fields: { name: "alpha", description: "Says hi." } },
  },
  {
    name: "behind a BOM with CRLF endings",
    text: "\uFEFF---\r\nname: alpha\r\n---\r\n",
    want: { kind: "present", fields: { name: "alpha" } },
  },
  {
    name: "a YAML map stays strings under failsafe",
    text: "---\nname: '007'\nmetadata:\n  version: 1.0\n---\n",
    want: { kind: "present", fields: { name: "007", metadata: { version: "1.0" } } },
  },
  { name: "an empty block", text: "---\n---\n", want: { kind: "present", fields: {} } },
])("reads $name", ({ text, want }) => {
  expect(readFrontmatter(text)).toEqual(want);
});

it.each([
  { name: "never closed", text: "---\nname: alpha\n", reason: "never closed" },
  { name: "not YAML", text: "---\nname: [alpha\n---\n", reason: "not valid YAML" },
  { name: "not a mapping", text: "---\n- alpha\n---\n", reason: "not a mapping" },
])("refuses a block $name", ({ text, reason }) => {
  const read = readFrontmatter(text);
  expect(read.kind).toBe("invalid");
  expect(read.kind === "invalid" && read.reason).toContain(reason);
});
