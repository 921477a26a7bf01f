// Where the server's log lines go: JSON lines (pino's own) when stderr is a
// file, a pipe or a log collector, and one short human line per record on a
// terminal (time, level, message, then the record's fields as key=value), so
// an operator running it by hand reads it without a formatter. The token
// never reaches either: the logger redacts it before a line is written.
import type { Writable } from "node:stream";

const levels: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};
const skipped = new Set(["level", "time", "pid", "hostname", "msg", "v"]);

/** One pino JSON record as a human line. */
export function humanLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(Number(record.time)).toISOString().slice(11, 19);
  const level = levels[Number(record.level)] ?? String(record.level);
  const fields = Object.entries(record)
    .filter(([key]) => !skipped.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  return `${time} ${level.padEnd(5)} ${String(record.msg ?? "")}${fields.length > 0 ? `  ${fields.join(" ")}` : ""}\n`;
}

/** The destination for log records: human lines on a terminal, JSON lines otherwise. */
export function logDestination(stream: Writable & { isTTY?: boolean }): {
  write(line: string): void;
} {
  if (stream.isTTY !== true) return stream;
  return { write: (line: string) => void stream.write(humanLine(line)) };
}
