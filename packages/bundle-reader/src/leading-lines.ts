// The opening lines of a SKILL.md text, cut out one at a time, so that reading
// its frontmatter or its title never splits the whole body. One owner for
// what a line is there: a leading UTF-8 BOM is no part of the first line,
// lines end at "\n", and a "\r" before it belongs to the ending.
const BOM = "\uFEFF";

/**
 * The lines of `text` from the first up to and including the first one that
 * `last` accepts (all of them when none does), each without its line ending.
 */
export function leadingLines(
  text: string,
  last: (line: string, index: number) => boolean,
): string[] {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const end = body.indexOf("\n", start);
    const raw = end === -1 ? body.slice(start) : body.slice(start, end);
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    lines.push(line);
    if (end === -1 || last(line, lines.length - 1)) return lines;
    start = end + 1;
  }
}
