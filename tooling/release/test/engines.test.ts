// Every package declares the Node versions it is tested on, one range for
// all of them (the workspace root's too), and the Node running this suite
// lies inside it: CI runs this file on Node 20, 22 and 24, so each
// supported major is checked.
import { describe, expect, it } from "vitest";
import { excludedNodes, satisfiesRange, supportedNodes } from "../src/engines.js";
import { findWorkspaceRoot, listPublishedPackages, readManifest } from "../src/workspace.js";

const packages = listPublishedPackages();
const supported = "^20.19.0 || ^22.0.0 || ^24.0.0";

it("states the same versions as the supported list", () => {
  expect(excludedNodes(supported)).toEqual([]);
  expect(supportedNodes.map((v) => v.split(".")[0])).toEqual(["20", "22", "24"]);
});

describe("engines.node", () => {
  it("is the same range in every published package", () => {
    const ranges = new Set(packages.map((p) => p.manifest.engines?.node));
    expect([...ranges]).toEqual([supported]);
    expect(readManifest(findWorkspaceRoot()).engines?.node).toBe(supported);
  });

  it(`includes the Node running the tests (${process.version})`, () => {
    for (const pkg of packages) {
      expect(satisfiesRange(process.version, pkg.manifest.engines!.node!), pkg.name).toBe(true);
    }
  });
});

describe("satisfiesRange", () => {
  it.each([
    ["v20.19.0", "^20.19.0 || ^22.0.0", true],
    ["v20.18.3", "^20.19.0 || ^22.0.0", false],
    ["v22.23.3", "^20.19.0 || ^22.0.0", true],
    ["v21.7.0", "^20.19.0 || ^22.0.0", false],
    ["v24.1.0", "^20.19.0 || ^22.0.0", false],
    ["v24.1.0", "^20.19.0 || ^22.0.0 || ^24.0.0", true],
    ["v25.0.0", "^20.19.0 || ^22.0.0 || ^24.0.0", false],
    ["v24.1.0", ">=20.19", true],
  ])("%s in %s: %s", (version, range, inside) => {
    expect(satisfiesRange(version, range)).toBe(inside);
  });

  it("refuses a range form it cannot judge", () => {
    expect(() => satisfiesRange("v20.19.0", "twenty")).toThrow(/unsupported/);
  });
});

describe("excludedNodes", () => {
  it.each([
    [">=18", []],
    ["^20.19.0 || >=22.12.0", ["22.0.0"]],
    [">=22", ["20.19.0"]],
    ["^20.19.0 || ^22.0.0", ["24.0.0"]],
    ["^14.18.0 || >=16.0.0", []],
    ["*", []],
  ])("%s leaves out %j", (range, excluded) => {
    expect(excludedNodes(range)).toEqual(excluded);
  });
});
