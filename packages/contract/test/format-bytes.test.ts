// Sizes as every surface words them: bytes below 1 KiB, then KiB and MiB
// with one decimal, switching exactly at the binary boundaries.
import { describe, expect, it } from "vitest";
import { formatBytes } from "../src/index.js";

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
