// Sizes as every surface words them: bytes below 1 KiB, then KiB and MiB
// with one decimal, switching exactly at the binary boundaries; counts
// grouped by thousands exactly as en-US groups them, without ICU.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes, formatCount } from "../src/index.js";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [1536, "1.5 KiB"],
    [1024 * 1024 - 1, "1024.0 KiB"],
    [1024 * 1024, "1.0 MiB"],
    [64 * 1024 * 1024, "64.0 MiB"],
  ])("%d bytes is %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [65_536, "65,536"],
    [67_108_864, "67,108,864"],
    [-1234, "-1,234"],
  ])("%d is %s", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it("groups every safe integer as toLocaleString('en-US') does", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });
});
