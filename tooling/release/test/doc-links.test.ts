// No document refers to a file the repository does not hold.
import { describe, expect, it } from "vitest";
import { findBrokenLinks, linkTargets } from "../src/doc-links.js";
import { findWorkspaceRoot } from "../src/workspace.js";

it("every relative link in the repository's Markdown names a file it holds", () => {
  expect(findBrokenLinks(findWorkspaceRoot())).toEqual([]);
});

describe("linkTargets", () => {
  it("reads inline links, images and reference definitions, not code", () => {
    const markdown = [
      'See [the guide](docs/guide.md#start) and ![shot](img/a.png "title").',
      "[spec]: https://agentskills.io",
      "[local]: ../LICENSE",
      "`[not](a-link.md)`",
      "```",
      "[also not](fenced.md)",
      "```",
    ].join("\n");
    expect(linkTargets(markdown)).toEqual([
      { line: 1, target: "docs/guide.md#start" },
      { line: 1, target: "img/a.png" },
      { line: 2, target: "https://agentskills.io" },
      { line: 3, target: "../LICENSE" },
    ]);
  });
});
