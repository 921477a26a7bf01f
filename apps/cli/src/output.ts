// Everything the CLI prints goes through here, so that the rules about where
// and how are in one place: answers on stdout, refusals and progress on
// stderr, colour only on a terminal and never when NO_COLOR is set, JSON
// as one line a script can parse, and no control character from the data.
// Names, frontmatter keys and refusal details come from bundles anyone may
// write: printed raw, `ESC ] 0 ;` would retitle the terminal and other
// sequences could move the cursor, or hide lines (`ESC [ 8 m`). So every
// human line is escaped here (`\x1b`), keeping only line breaks and tabs.
// Colour is this module's own: `paint` writes a mark that no bundle can
// know (a random tag drawn when the process starts), and only those marks
// become colour codes after the escaping. A colour code written in the data
// is escaped like any other sequence. JSON needs no more: JSON.stringify
// escapes every C0 control.
import { randomBytes } from "node:crypto";

// Plain ANSI SGR pairs rather than util.styleText: on Node 20 styleText
// consults TERM on its own, and the rule here must be exactly "a terminal,
// and NO_COLOR unset".
const styles = {
  bold: ["\x1b[1m", "\x1b[22m"],
  dim: ["\x1b[2m", "\x1b[22m"],
  red: ["\x1b[31m", "\x1b[39m"],
  green: ["\x1b[32m", "\x1b[39m"],
  yellow: ["\x1b[33m", "\x1b[39m"],
  cyan: ["\x1b[36m", "\x1b[39m"],
} as const;

type Style = keyof typeof styles;

/**
 * Eight private-use characters drawn at random for this process. A mark is
 * the tag and one letter naming a colour code; guessing the tag is a chance
 * in 6,400^8, and it is never printed.
 */
const random = randomBytes(16);
const TAG = Array.from({ length: 8 }, (_, i) =>
  String.fromCharCode(0xe000 + (random.readUInt16BE(i * 2) % 6400)),
).join("");
const CODES: readonly string[] = Object.values(styles).flat();
const markOf = (code: string): string => `${TAG}${String.fromCharCode(0x61 + CODES.indexOf(code))}`;
const MARK = new RegExp(`${TAG}([a-${String.fromCharCode(0x60 + CODES.length)}])`, "gu");

/** A CRLF (kept), or one control character other than tab and line feed: C0, DEL, C1. */
const CONTROL = /\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

const escapeChar = (char: string): string => {
  const code = char.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f)
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : char;
};

const escapeEach = (text: string): string =>
  text.replace(CONTROL, (match) => (match === "\r\n" ? match : escapeChar(match)));

/** `text` with every control character written out as `\xNN`, save tabs and line endings; `paint`'s marks become colour. */
export function escapeControl(text: string): string {
  return escapeEach(text).replace(
    MARK,
    (_, letter: string) => CODES[letter.charCodeAt(0) - 0x61] ?? "",
  );
}

/** A stream the CLI writes to: a process stream, or anything shaped like one. */
export type OutStream = {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
};

/** One stream with its colour decision made. */
export type Channel = {
  readonly stream: OutStream;
  readonly tty: boolean;
  readonly color: boolean;
  line(text?: string): void;
  paint(style: Style, text: string): string;
};

/** Colour is on for a terminal unless NO_COLOR holds a value (see no-color.org). */
export function shouldColor(stream: OutStream, env: Record<string, string | undefined>): boolean {
  const noColor = env.NO_COLOR;
  return stream.isTTY === true && (noColor === undefined || noColor === "");
}

export function openChannel(
  stream: OutStream,
  env: Record<string, string | undefined> = process.env,
): Channel {
  const color = shouldColor(stream, env);
  return {
    stream,
    tty: stream.isTTY === true,
    color,
    line: (text = "") => {
      stream.write(`${escapeControl(text)}\n`);
    },
    paint: (style, text) =>
      color ? `${markOf(styles[style][0])}${text}${markOf(styles[style][1])}` : text,
  };
}

/** The pair of channels a command writes to. */
export type Output = { out: Channel; err: Channel };

export function openOutput(
  env: Record<string, string | undefined> = process.env,
  out: OutStream = process.stdout,
  err: OutStream = process.stderr,
): Output {
  return { out: openChannel(out, env), err: openChannel(err, env) };
}

/**
 * Prints a value as one line of JSON on stdout. JSON.stringify escapes every
 * C0 control; DEL and the C1 controls are written as `\u` escapes too, so the
 * line is safe on a terminal and still parses to exactly the value.
 */
export function printJson(output: Output, value: unknown): void {
  const json = JSON.stringify(value).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  output.out.stream.write(`${json}\n`);
}

/** Lays rows out in columns padded to the widest cell; the last column is never padded. */
export function formatTable(rows: readonly (readonly string[])[], gap = 2): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, visibleLength(cell));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) =>
        i === row.length - 1
          ? cell
          : cell + " ".repeat((widths[i] ?? 0) - visibleLength(cell) + gap),
      )
      .join("")
      .trimEnd(),
  );
}

/** Length as printed: colour takes no room, and an escaped control character takes four. */
export function visibleLength(text: string): number {
  return [...escapeEach(text).replace(MARK, "")].length;
}

// Sizes are worded once, by the reader, for every surface.
export { formatBytes } from "@skillshelf/contract";

/** Cuts text to a width, ending with an ellipsis when cut. */
export function truncate(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? "…".slice(0, width) : `${chars.slice(0, width - 1).join("")}…`;
}
