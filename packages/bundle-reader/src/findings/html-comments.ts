// HTML comments in a SKILL.md's Markdown: every renderer (GitHub, a registry,
// an editor's preview) hides them, and a model reads them, so a reviewer of
// the rendered skill never sees instructions written there. A comment inside
// a fenced code block or an inline code span is shown as text by the same
// renderers, so it hides nothing and is not reported. Fences are recognised
// as CommonMark does at the top level (up to three spaces of indentation, a
// backtick fence's info string free of backticks), so a line that only looks
// like a fence cannot shelter a comment; a comment in an indented code block
// is reported, since that block is not told apart from an indented list
// paragraph here. A comment that is never closed hides the rest of the file.

export type CommentAt = { offset: number; detail: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SHOWN = 80;
const OPEN = "<!--";
const CLOSE = "-->";

/** The fence a line opens, if any: a backtick fence's info string holds no backtick (else it is inline code). */
function opensFence(line: string): string | undefined {
  const match = FENCE.exec(line);
  if (match === null) return undefined;
  if (match[1]![0] === "`" && line.includes("`", match[0].length)) return undefined;
  return match[1];
}

function closesFence(line: string, fence: string): boolean {
  const match = FENCE.exec(line);
  return (
    match !== null &&
    match[1]![0] === fence[0] &&
    match[1]!.length >= fence.length &&
    line.slice(match[0].length).trim() === ""
  );
}

/** Backticks in `text` from `from` up to `to`. */
function countTicks(text: string, from: number, to: number): number {
  let ticks = 0;
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) === 0x60) ticks += 1;
  return ticks;
}

/** The comment from `start` to `end`, flattened and cut to SHOWN characters (never copying more). */
function describe(text: string, start: number, end: number): string {
  const head = text.slice(start, Math.min(end, start + SHOWN * 4)).replace(/\s+/g, " ");
  const chars = [...head];
  return chars.length > SHOWN || end > start + SHOWN * 4
    ? `${chars.slice(0, SHOWN).join("")}…`
    : head;
}

/** The HTML comments of `text` outside code, from offset `from` (past the frontmatter), in order. */
export function htmlCommentsOf(text: string, from: number): CommentAt[] {
  const comments: CommentAt[] = [];
  let nextOpen = text.indexOf(OPEN, from);
  let lineStart = from;
  let at = from;
  let fence: string | undefined;
  // Backticks counted so far on the current line, so a line is counted once however many openers it holds.
  let ticksLine = -1;
  let ticksTo = 0;
  let ticks = 0;
  // The current line's end, found once per line however many openers it holds.
  let endOf = -1;
  let lineEnd = 0;
  while (nextOpen !== -1 && lineStart < text.length) {
    if (endOf !== lineStart) {
      const newline = text.indexOf("\n", lineStart);
      lineEnd = newline === -1 ? text.length : newline;
      endOf = lineStart;
    }
    if (at === lineStart) {
      const line = text.slice(lineStart, lineEnd);
      const opens = fence === undefined ? opensFence(line) : undefined;
      if (fence !== undefined || opens !== undefined) {
        if (fence === undefined) fence = opens;
        else if (closesFence(line, fence)) fence = undefined;
        lineStart = lineEnd + 1;
        at = lineStart;
        continue;
      }
    }
    if (nextOpen < at) nextOpen = text.indexOf(OPEN, at);
    if (nextOpen === -1) break;
    if (nextOpen >= lineEnd) {
      lineStart = lineEnd + 1;
      at = lineStart;
      continue;
    }
    if (ticksLine !== lineStart) {
      ticksLine = lineStart;
      ticksTo = lineStart;
      ticks = 0;
    }
    ticks += countTicks(text, ticksTo, nextOpen);
    ticksTo = nextOpen;
    if (ticks % 2 === 1) {
      at = nextOpen + OPEN.length;
      continue;
    }
    const close = text.indexOf(CLOSE, nextOpen + OPEN.length);
    const end = close === -1 ? text.length : close + CLOSE.length;
    const shown = describe(text, nextOpen, end);
    comments.push({
      offset: nextOpen,
      detail: close === -1 ? `${shown} (never closed: it hides the rest of the file)` : shown,
    });
    at = end;
    lineStart = text.lastIndexOf("\n", end - 1) + 1;
    // Code spans on the rest of the line are counted from the comment's end.
    ticksLine = lineStart;
    ticksTo = end;
    ticks = 0;
  }
  return comments;
}
