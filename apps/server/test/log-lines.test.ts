// Log records are JSON lines unless stderr is a terminal, where each becomes
// one human line; neither form ever carries the token (redacted upstream).
import { PassThrough } from "node:stream";
import { expect, it } from "vitest";
import { humanLine, logDestination } from "../src/log-lines.js";

const record = {
  level: 30,
  time: Date.UTC(2026, 11, 1, 14, 5, 9),
  pid: 1,
  hostname: "h",
  msg: "imported",
  source: { kind: "form", files: 3 },
  skills: ["alpha"],
};

it("turns a record into time, level, message and its fields", () => {
  expect(humanLine(JSON.stringify(record))).toBe(
    '14:05:09 info  imported  source={"kind":"form","files":3} skills=["alpha"]\n',
  );
});

it("writes JSON lines to a stream that is not a terminal, human lines to one that is", () => {
  const pipe = new PassThrough();
  expect(logDestination(pipe)).toBe(pipe);
  const tty = Object.assign(new PassThrough(), { isTTY: true });
  const chunks: string[] = [];
  tty.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  logDestination(tty).write(`${JSON.stringify(record)}\n`);
  expect(chunks.join("")).toMatch(/^14:05:09 info {2}imported {2}source=/);
});
