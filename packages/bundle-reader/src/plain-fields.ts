// A shortcut for the common frontmatter: every line `key: value`, with a
// simple key and a value made only of letters, digits, spaces and a few
// punctuation marks that YAML gives no meaning there. For such a block the
// failsafe schema's answer is certain (a mapping of each key to its value as
// written), so it is read without building a YAML document, which costs more
// than reading the file (keys are short, well under YAML's 1,024-character
// limit on an implicit key). Anything else (quotes, colons, comments, blank or
// indented lines, a repeated key, an empty value) answers undefined, and the
// block goes to the YAML library, which alone decides what it means.

const FIELD =
  /^([A-Za-z][A-Za-z0-9_-]{0,63}): ([A-Za-z0-9](?:[A-Za-z0-9 .,_()/+=-]*[A-Za-z0-9.)])?)$/;

/** The fields of a block of plain `key: value` lines, or undefined if it is not that simple. */
export function readPlainFields(lines: readonly string[]): Record<string, string> | undefined {
  if (lines.length === 0) return undefined;
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const field = FIELD.exec(line);
    if (field === null || Object.hasOwn(fields, field[1]!)) return undefined;
    fields[field[1]!] = field[2]!;
  }
  return fields;
}
