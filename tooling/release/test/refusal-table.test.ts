// The contract's README shows every refusal code with the status, exit code
// and sentence the code itself gives; rendering the table again from
// refusalTable and message() must give exactly what the README holds.
// After changing the table: `pnpm --filter @skillshelf/release build && node
// tooling/release/dist/cli/write-refusal-table.js`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { refusalTable } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import {
  readTable,
  renderRefusalTable,
  replaceTable,
  tableCells,
  tableEnd,
  tableStart,
} from "../src/refusal-table.js";
import { findWorkspaceRoot } from "../src/workspace.js";

const rewrite = "pnpm build && node tooling/release/dist/cli/write-refusal-table.js";
const readmePath = join(findWorkspaceRoot(), "packages", "contract", "README.md");

describe("contract README refusal table", () => {
  it("matches the code's own table, cell for cell", () => {
    const table = readTable(readFileSync(readmePath, "utf8"));
    expect(table).not.toBeNull();
    expect(tableCells(table!), `rewrite it: ${rewrite}`).toEqual(tableCells(renderRefusalTable()));
  });

  it("has one row per code of refusalTable", () => {
    const rows = renderRefusalTable().split("\n").slice(2);
    expect(rows.map((r) => /^\| `([a-z0-9-]+)`/.exec(r)?.[1])).toEqual(Object.keys(refusalTable));
  });
});

describe("replaceTable", () => {
  it("replaces only what lies between the markers", () => {
    const text = `intro\n${tableStart}\nold\n${tableEnd}\noutro\n`;
    expect(replaceTable(text, "new")).toBe(`intro\n${tableStart}\nnew\n${tableEnd}\noutro\n`);
  });

  it("compares cells, not the padding a formatter adds", () => {
    const padded = "| code   | HTTP |\n| ------ | ---- |\n| `link` | 422  |\n";
    expect(tableCells(padded)).toEqual(tableCells("| code | HTTP |\n|---|---|\n| `link` | 422 |"));
    expect(tableCells(padded)).toEqual([
      ["code", "HTTP"],
      ["`link`", "422"],
    ]);
  });

  it("refuses a README without markers", () => {
    expect(() => replaceTable("no table here", "new")).toThrow(/markers/);
  });
});
