// A raw archive body arrives whole and exact, however it is framed: with a
// Content-Length (read into one buffer of that size) and chunked with none
// (a buffer grown as it arrives, here past its first 1 MiB several times).
// The record's SHA-256 of the archive and the stored file prove every byte
// landed in its place.
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.stop());

/** About 3.4 MiB of numbered lines, so a chunk out of place shows. */
const longText = Array.from(
  { length: 200_000 },
  (_, i) => `line ${i} of the long reference\n`,
).join("");
const tar = tarOf("big", skillFiles("big", { "references/long.md": longText }));
const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The tar as a stream of 64 KiB chunks: fetch sends it chunked, with no Content-Length. */
const chunkedBody = (): ReadableStream<Uint8Array> => {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= tar.length) {
        controller.close();
        return;
      }
      controller.enqueue(tar.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
};

async function expectStoredExactly(response: Response): Promise<void> {
  expect(response.status).toBe(201);
  const shown = await bodyOf(await fetch(`${server.url}/api/skills/big`, { headers: server.auth }));
  expect(shown.record.source).toEqual({ kind: "archive", sha256: sha256(tar) });
  const file = await fetch(`${server.url}/api/skills/big/files/references/long.md`, {
    headers: server.auth,
  });
  expect(await file.text()).toBe(longText);
}

describe("raw archive bodies", () => {
  it("reads a body with a Content-Length into exactly the bytes sent", async () => {
    expect(tar.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/x-tar" },
      body: tar,
    });
    await expectStoredExactly(response);
  });

  it("reads a chunked body with no Content-Length into exactly the bytes sent", async () => {
    const response = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/x-tar" },
      body: chunkedBody(),
      duplex: "half",
    } as RequestInit);
    await expectStoredExactly(response);
  });
});
