// Multipart header parameters are read as bytes and never repaired: what a
// name holds is the reader's to judge.
import { describe, expect, it } from "vitest";
import { parseHeaderParams } from "../src/imports/form-params.js";

const text = (bytes: Uint8Array | undefined): string | undefined =>
  bytes === undefined ? undefined : Buffer.from(bytes).toString("latin1");

describe("parseHeaderParams", () => {
  it("reads the value and quoted or bare parameters, names lower-cased", () => {
    const { value, params } = parseHeaderParams('Form-Data; NAME="path"; filename=a.md');
    expect(value).toBe("form-data");
    expect(text(params.get("name"))).toBe("path");
    expect(text(params.get("filename"))).toBe("a.md");
  });

  it("keeps each byte of a quoted value, control characters and non-UTF-8 bytes included", () => {
    const header = 'form-data; name="file"; filename="b/s/caf\xe9\x01.md"';
    const filename = parseHeaderParams(header).params.get("filename");
    expect([...(filename ?? [])].slice(-5)).toEqual([0xe9, 0x01, 0x2e, 0x6d, 0x64]);
  });

  it('takes \\" and \\\\ as escapes and keeps any other backslash', () => {
    const { params } = parseHeaderParams('form-data; filename="a\\"b\\\\c\\d;e"; name="x"');
    expect(text(params.get("filename"))).toBe('a"b\\c\\d;e');
    expect(text(params.get("name"))).toBe("x");
  });

  it("reads filename* as percent-decoded bytes, preferred over filename in either order", () => {
    for (const header of [
      "form-data; filename=\"plain.md\"; filename*=utf-8''caf%C3%A9.md",
      "form-data; filename*=UTF-8''caf%C3%A9.md; filename=\"plain.md\"",
    ]) {
      expect(Buffer.from(parseHeaderParams(header).params.get("filename") ?? []).toString()).toBe(
        "café.md",
      );
    }
    const latin1 = parseHeaderParams("form-data; filename*=utf-8''caf%E9.md").params.get(
      "filename",
    );
    expect([...(latin1 ?? [])]).toEqual([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x64]);
  });

  it("reads a boundary from a content type, quoted or not", () => {
    expect(
      text(parseHeaderParams("multipart/form-data; boundary=abc").params.get("boundary")),
    ).toBe("abc");
    expect(
      text(parseHeaderParams('multipart/form-data; boundary="a b"').params.get("boundary")),
    ).toBe("a b");
  });
});
