// Line and column of a UTF-16 offset in a text, for offsets asked in
// increasing order: each question moves on from the last answer, so a file
// with many findings is still walked once. Lines end at "\n"; columns count
// Unicode code points from 1, as an editor showing characters does.

export type Position = { line: number; column: number };

export type PositionOf = (offset: number) => Position;

/** A function answering positions in `text` for non-decreasing offsets. */
export function positionsIn(text: string): PositionOf {
  let at = 0;
  let line = 1;
  let column = 1;
  return (offset) => {
    if (offset < at) {
      at = 0;
      line = 1;
      column = 1;
    }
    while (at < offset) {
      const unit = text.charCodeAt(at);
      if (unit === 0x0a) {
        line += 1;
        column = 1;
        at += 1;
      } else {
        // A surrogate pair is one code point and one column.
        const pair = unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length;
        at += pair ? 2 : 1;
        column += 1;
      }
    }
    return { line, column };
  };
}
