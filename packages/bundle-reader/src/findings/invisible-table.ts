// The characters the hidden-text check knows, as explicit tables of code
// point ranges. Unicode grows (Node 20, 22 and 24 ship different versions of
// ICU), so `\p{Cf}` in a regular expression would let the verdict on the same
// bytes change with the runtime; these tables pin it. They are the format
// characters (general category Cf) of Unicode 17.0, which a test compares
// with the running engine's `\p{Cf}`, and the ranges the exemptions need.

export type Range = readonly [number, number];

/** Unicode tag characters: invisible, and able to spell any ASCII text. */
export const TAGS: Range = [0xe0000, 0xe007f];

/** Bidi embeddings, overrides and isolates: they reorder what a reader sees. */
export const BIDI_CONTROLS: readonly Range[] = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

/** Zero-width space, non-joiner, joiner, word joiner (and U+FEFF past offset 0). */
export const ZERO_WIDTH: readonly Range[] = [
  [0x200b, 0x200d],
  [0x2060, 0x2060],
  [0xfeff, 0xfeff],
];

/** General category Cf, Unicode 17.0. */
export const FORMAT_CHARACTERS: readonly Range[] = [
  [0x00ad, 0x00ad],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** Every code point the check looks at: the format characters and the whole tag block. */
export const WATCHED: readonly Range[] = [
  ...FORMAT_CHARACTERS,
  [0xe0000, 0xe0000],
  [0xe0002, 0xe001f],
];

/**
 * Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, NKo,
 * Samaritan, Mandaic and their presentation forms, and the RTL blocks of the
 * supplementary planes): a line holding one is right-to-left prose, where
 * LRM, RLM and ALM are ordinary punctuation.
 */
export const RIGHT_TO_LEFT: readonly Range[] = [
  [0x0590, 0x08ff],
  [0xfb1d, 0xfdff],
  [0xfe70, 0xfefe],
  [0x10800, 0x10fff],
  [0x1e800, 0x1efff],
];

/**
 * Scripts whose spelling needs ZWNJ or ZWJ between two of their letters, as
 * [low, high, script]: Arabic (Persian, Urdu, Kurdish write ZWNJ inside
 * words) with its supplements and presentation forms, Syriac, and the Brahmic
 * scripts of India and Sri Lanka from Devanagari to Sinhala, where ZWJ and
 * ZWNJ choose conjunct forms. A joiner is exempt only between two characters
 * of one script.
 */
export const JOINING_SCRIPTS: readonly (readonly [number, number, string])[] = [
  [0x0600, 0x06ff, "Arabic"],
  [0x0700, 0x074f, "Syriac"],
  [0x0750, 0x077f, "Arabic"],
  [0x08a0, 0x08ff, "Arabic"],
  [0x0900, 0x097f, "Devanagari"],
  [0x0980, 0x09ff, "Bengali"],
  [0x0a00, 0x0a7f, "Gurmukhi"],
  [0x0a80, 0x0aff, "Gujarati"],
  [0x0b00, 0x0b7f, "Oriya"],
  [0x0b80, 0x0bff, "Tamil"],
  [0x0c00, 0x0c7f, "Telugu"],
  [0x0c80, 0x0cff, "Kannada"],
  [0x0d00, 0x0d7f, "Malayalam"],
  [0x0d80, 0x0dff, "Sinhala"],
  [0xfb50, 0xfdff, "Arabic"],
  [0xfe70, 0xfefe, "Arabic"],
];

/** The joining script of `code`, or undefined. */
export function joiningScriptOf(code: number): string | undefined {
  for (const [low, high, script] of JOINING_SCRIPTS) if (code >= low && code <= high) return script;
  return undefined;
}

/**
 * Pictographs an emoji ZWJ sequence joins (a coarse, pinned cover of
 * Extended_Pictographic: the symbol and emoji blocks), and what may follow
 * one before the joiner: VS16 and the skin tone modifiers.
 */
export const PICTOGRAPHS: readonly Range[] = [
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x203c, 0x203c],
  [0x2049, 0x2049],
  [0x2122, 0x2122],
  [0x2139, 0x2139],
  [0x2194, 0x21ff],
  [0x2300, 0x23ff],
  [0x25a0, 0x27bf],
  [0x2934, 0x2935],
  [0x2b00, 0x2bff],
  [0x3030, 0x3030],
  [0x303d, 0x303d],
  [0x3297, 0x3297],
  [0x3299, 0x3299],
  [0x1f000, 0x1faff],
  [0x1fc00, 0x1fffd],
];
export const EMOJI_TRAILERS: readonly Range[] = [
  [0xfe0f, 0xfe0f],
  [0x1f3fb, 0x1f3ff],
];

/** Whether `code` lies in one of `ranges` (sorted or not: the tables are short). */
export function inRanges(code: number, ranges: readonly Range[]): boolean {
  for (const [low, high] of ranges) if (code >= low && code <= high) return true;
  return false;
}
