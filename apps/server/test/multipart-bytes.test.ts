// A form's file names travel as bytes: one that is not UTF-8 must reach the
// reader's path rule and be refused there, never repaired to U+FFFD and
// stored. Sent as raw multipart bytes over a real socket, since FormData and
// fetch only ever send UTF-8 names.

import { readdir } from "node:fs/promises";
import { message } from "@skillshelf/contract";
import { afterEach, beforeEach, expect, it } from "vitest";
import { rawFormOf } from "./support/bodies.js";
import { startServer, type TestServer, testToken } from "./support/server.js";
import { sendRaw } from "./support/socket.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.stop());

const text = (value: string): Uint8Array => Buffer.from(value, "utf8");

function postForm(parts: { filename: Uint8Array; bytes: Uint8Array }[]) {
  const { body, contentType } = rawFormOf(parts);
  return sendRaw(
    server.url,
    [
      "POST /api/imports HTTP/1.1",
      `Host: ${new URL(server.url).host}`,
      `Authorization: Bearer ${testToken}`,
      `Content-Type: ${contentType}`,
    ],
    body,
  );
}

it("refuses a file name whose bytes are not UTF-8 as unsafe-path, not-utf8", async () => {
  const latin1Name = Buffer.concat([text("picked/alpha/caf"), Buffer.from([0xe9]), text(".md")]);
  const answer = await postForm([
    { filename: text("picked/alpha/SKILL.md"), bytes: text("# alpha\n\nDoes alpha.\n") },
    { filename: latin1Name, bytes: text("notes\n") },
  ]);
  expect(answer.status).toBe(422);
  const body = JSON.parse(answer.body);
  expect(body.refusal).toMatchObject({ code: "unsafe-path", why: "not-utf8" });
  expect(body.message).toBe(message(body.refusal, "http"));
  expect(await readdir(server.roots.managed)).not.toContain("alpha");
});

it("keeps a UTF-8 file name exactly, non-ASCII included", async () => {
  const answer = await postForm([
    { filename: text("picked/alpha/SKILL.md"), bytes: text("# alpha\n\nDoes alpha.\n") },
    { filename: text("picked/alpha/café.md"), bytes: text("notes\n") },
  ]);
  expect(answer.status).toBe(201);
  const body = JSON.parse(answer.body);
  expect(body.skills[0].files.map((file: { path: string }) => file.path)).toEqual([
    "SKILL.md",
    "café.md",
  ]);
});
