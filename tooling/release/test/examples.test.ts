// Which README blocks count as runnable examples, and which mistakes in
// marking them are reported rather than silently skipped.
import { describe, expect, it } from "vitest";
import { extractExamples } from "../src/examples.js";

describe("extractExamples", () => {
  it("takes the fenced blocks right after the marker, with their language and line", () => {
    const md = [
      "# pkg",
      "```sh",
      "npm install pkg",
      "```",
      "<!-- example -->",
      "```ts",
      'import { a } from "pkg";',
      "console.log(a);",
      "```",
      "<!-- example -->",
      "```bash",
      "pkg check bundle",
      "```",
    ].join("\n");
    expect(extractExamples(md)).toEqual([
      { language: "ts", code: 'import { a } from "pkg";\nconsole.log(a);\n', line: 6 },
      { language: "sh", code: "pkg check bundle\n", line: 11 },
    ]);
  });

  it("pairs an example with the output block that follows it", () => {
    const md = [
      "<!-- example -->",
      "```sh",
      "echo hi",
      "```",
      "",
      "<!-- output -->",
      "```text",
      "hi",
      "```",
    ].join("\n");
    expect(extractExamples(md)).toEqual([
      { language: "sh", code: "echo hi\n", line: 2, output: "hi\n" },
    ]);
  });

  it.each([
    [
      "an output marker without a fence",
      "<!-- example -->\n```sh\nx\n```\n<!-- output -->\nhi\n",
      /must be followed by a fence/,
    ],
    ["a marker without a fence", "<!-- example -->\ntext\n", /must be followed by a fence/],
    ["a language it cannot run", "<!-- example -->\n```python\nx\n```\n", /cannot run 'python'/],
    ["an unclosed fence", "<!-- example -->\n```js\nx\n", /never closed/],
  ])("reports %s", (_name, md, error) => {
    expect(() => extractExamples(md)).toThrow(error);
  });
});
