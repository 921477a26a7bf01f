// Properties of the findings over generated text: tag characters decode back
// to the ASCII they encode, the same input always gives the same findings
// (from bytes or text, in any file order), the byte prefilter says a file
// holds a watched character exactly when its decoded code points do (and
// never skips one the precise check would report), and the pinned table of format
// characters agrees with the running engine's `\p{Cf}`.
import { decodeText } from "@skillshelf/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeTags, hiddenRunsOf } from "../src/findings/hidden-text.js";
import { FORMAT_CHARACTERS, inRanges, WATCHED } from "../src/findings/invisible-table.js";
import { mayHideText } from "../src/findings/prefilter.js";
import { findingsOf } from "../src/index.js";

const encodeTags = (text: string): string =>
  [...text].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

// Characters that meet every branch: ASCII, line ends, each watched kind, and the exemptions' neighbours.
const alphabet = [
  "a",
  " ",
  "\n",
  "<",
  "!",
  "-",
  "`",
  "\u{1F3F4}",
  "\u{E0067}",
  "\u{E0062}",
  "\u{E0065}",
  "\u{E006E}",
  "\u{E007F}",
  "\u{E0041}",
  "\u202E",
  "\u2066",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "👩",
  "💻",
  "\uFE0F",
  "ب",
  "ش",
  "क",
  "्",
  "ש",
  "é",
  "日",
];
const textArbitrary = fc
  .array(fc.constantFrom(...alphabet), { maxLength: 80 })
  .map((chars) => chars.join(""));
const printable = fc
  .array(fc.integer({ min: 0x20, max: 0x7e }), { minLength: 1, maxLength: 200 })
  .map((codes) => String.fromCharCode(...codes));

describe("findings properties", () => {
  it("decodes tag characters back to the ASCII text they encode", () => {
    fc.assert(
      fc.property(
        printable,
        (text) => decodeTags([...encodeTags(text)].map((c) => c.codePointAt(0)!)) === text,
      ),
    );
  });

  it("reports short tag text whole, in its finding", () => {
    fc.assert(
      fc.property(
        printable.filter((t) => t.length <= 60),
        (text) => {
          const [finding, ...rest] = findingsOf({
            files: [{ path: "a.md", text: `x${encodeTags(text)}y` }],
          });
          expect(rest).toEqual([]);
          expect(finding!.detail).toBe(
            `hidden text "${text}" in ${text.length} Unicode tag ${text.length === 1 ? "character" : "characters"}`,
          );
        },
      ),
    );
  });

  it("gives the same findings for the same files, from bytes or text, in any order", () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.array(textArbitrary, { minLength: 1, maxLength: 4 }), (texts) => {
        const files = texts.map((text, i) => ({ path: i === 0 ? "SKILL.md" : `f${i}.md`, text }));
        const once = findingsOf({ name: "s", files });
        expect(findingsOf({ name: "s", files })).toEqual(once);
        expect(findingsOf({ name: "s", files: [...files].reverse() })).toEqual(once);
        const asBytes = files.map(({ path, text }) => ({ path, bytes: encoder.encode(text) }));
        expect(findingsOf({ name: "s", files: asBytes })).toEqual(once);
      }),
    );
  });

  it("never lets the prefilter skip a file the precise check reports", () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(textArbitrary, (text) => {
        if (hiddenRunsOf(text, true).length > 0)
          expect(mayHideText(encoder.encode(text))).toBe(true);
      }),
    );
  });

  // The precise side decodes as findingsOf does (a byte order mark kept) and looks up every code point.
  const holdsWatched = (bytes: Uint8Array): boolean =>
    [...decodeText(bytes)].some((c) => inRanges(c.codePointAt(0)!, WATCHED));

  it("says a text holds a watched character exactly when its decoded code points do", () => {
    const encoder = new TextEncoder();
    const notSurrogate = (code: number): boolean => code < 0xd800 || code > 0xdfff;
    // Each watched range's edges and their neighbours outside it.
    const edges = WATCHED.flatMap(([low, high]) => [low - 1, low, high, high + 1])
      .filter(notSurrogate)
      .map((code) => String.fromCodePoint(code));
    const prose = [
      ..."aZ0 .\n`",
      ..."—–“”‘’…•→✓⚠\uFE0F\u00A0©°",
      ..."日本語データ한국어",
      ..."éßñλόγος",
      "🙂",
      "👩\u200D💻",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}",
      "\u{1D173}",
      "\u{1D16F}",
      "\u{13430}",
      "\u{110BD}",
    ];
    const anyCode = fc
      .integer({ min: 0x80, max: 0x10ffff })
      .filter(notSurrogate)
      .map((code) => String.fromCodePoint(code));
    const piece = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...prose) },
      { weight: 2, arbitrary: fc.constantFrom(...edges) },
      { weight: 1, arbitrary: anyCode },
    );
    // A run of lead bytes that lead nothing watched, long enough to spend the native searches'
    // budget, sends the whole file to the byte loop; it goes anywhere among the pieces.
    const dense = fc
      .tuple(fc.constantFrom("—", "“", "🙂", "\uFE0F", "\u00A0"), fc.nat({ max: 300 }))
      .map(([char, count]) => char.repeat(count));
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 120 }),
        dense,
        fc.nat(),
        fc.nat({ max: 7 }),
        (pieces, run, where, offset) => {
          const at = where % (pieces.length + 1);
          const utf8 = encoder.encode([...pieces.slice(0, at), run, ...pieces.slice(at)].join(""));
          // At any byte offset of a larger buffer, as a reader's file is a view into one.
          const backing = new Uint8Array(offset + utf8.length + 3).fill(0xe2);
          backing.set(utf8, offset);
          const view = backing.subarray(offset, offset + utf8.length);
          expect(mayHideText(view)).toBe(holdsWatched(view));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never misses a watched character among bytes that are not UTF-8", () => {
    const watchedUtf8 = fc
      .constantFrom(...WATCHED.flat())
      .map((code) => [...Buffer.from(String.fromCodePoint(code), "utf8")]);
    const chunk = fc.oneof(
      fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 6 }),
      fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength: 6 }),
      watchedUtf8,
      watchedUtf8.map((bytes) => bytes.slice(0, -1)),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 60 }), (chunks) => {
        const bytes = Uint8Array.from(chunks.flat());
        if (holdsWatched(bytes)) expect(mayHideText(bytes)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("flags the UTF-8 of exactly the watched code points, at any alignment", () => {
    const wrong: number[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const encoded = Buffer.from(`${"é".repeat(code % 4)}${String.fromCodePoint(code)}`, "utf8");
      if (mayHideText(encoded) !== inRanges(code, WATCHED)) wrong.push(code);
    }
    expect(wrong).toEqual([]);
  });

  it("finds a watched character after prose dense in em dashes, and none without one", () => {
    const dashes = "a—b“c”".repeat(2000);
    expect(mayHideText(Buffer.from(dashes))).toBe(false);
    expect(mayHideText(Buffer.from(`${dashes}\u2060`))).toBe(true);
    expect(mayHideText(Buffer.from(`${dashes}\u{E0041}`))).toBe(true);
  });

  it("finds a watched character at every offset of a longer file", () => {
    const backing = new Uint8Array(64);
    const zwsp = Buffer.from("\u200B", "utf8");
    for (let start = 0; start < 8; start += 1) {
      for (let at = 0; at < 40; at += 1) {
        backing.fill(0x61);
        backing.set(Buffer.from("é"), start);
        backing.set(zwsp, start + 2 + at);
        const view = backing.subarray(start, start + 2 + at + 3 + (at % 5));
        expect(mayHideText(view)).toBe(true);
        backing.set(Buffer.from("aaa"), start + 2 + at);
        expect(mayHideText(view)).toBe(false);
      }
    }
  });

  it("pins a table of format characters that holds the engine's \\p{Cf}", () => {
    const engine = /^\p{Cf}$/u;
    const missing: string[] = [];
    const extra: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const inEngine = engine.test(String.fromCodePoint(code));
      const inTable = inRanges(code, FORMAT_CHARACTERS);
      if (inEngine && !inTable) missing.push(code.toString(16));
      if (inTable && !inEngine) extra.push(code.toString(16));
    }
    // A newer Unicode that adds a format character fails here until the table has it.
    expect(missing).toEqual([]);
    // The table is Unicode 17.0's; an engine of that version agrees exactly.
    if (process.versions.unicode === "17.0") expect(extra).toEqual([]);
  });
});
