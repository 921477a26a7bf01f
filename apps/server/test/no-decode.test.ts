// The server writes and counts a skill's files as bytes: an import, its
// answer and the skill's file list never turn a file into a string, except
// SKILL.md, whose text the identity rule and the specification warnings
// read. The reader's file objects decode on first use of `text`, so
// watching that getter shows every decode the server asks for.
import { readBundle } from "@skillshelf/bundle-reader";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.stop();
});

/** The prototype that carries `text` for every file the reader returns. */
async function fileProto(): Promise<{ readonly text: string }> {
  const read = await readBundle({ kind: "archive", bytes: tarOf("probe", skillFiles("probe")) });
  if (!read.ok) throw new Error(`probe refused: ${read.refusal.code}`);
  return Object.getPrototypeOf(read.skills[0]!.files[0]!);
}

describe("files the server only counts", () => {
  it("are never decoded by an import, its answer or the skill's file list", async () => {
    const text = vi.spyOn(await fileProto(), "text", "get");
    const tar = tarOf(
      "counted",
      skillFiles("counted", {
        "references/guide.md": "A guide.\n".repeat(1_000),
        "scripts/run.sh": "#!/bin/sh\necho counted\n",
        "notes.txt": "café, 日本語\n",
      }),
    );
    const imported = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/x-tar" },
      body: tar,
    });
    expect(imported.status, JSON.stringify(await imported.clone().json())).toBe(201);
    const listed = await fetch(`${server.url}/api/skills/counted`, { headers: server.auth });
    const shown = await bodyOf(listed);
    expect(shown.files.map((f: { path: string }) => f.path).sort()).toEqual([
      "SKILL.md",
      "notes.txt",
      "references/guide.md",
      "scripts/run.sh",
    ]);
    const decoded = text.mock.contexts.map((file) => (file as { path: string }).path);
    expect(decoded.length).toBeGreaterThan(0);
    expect(new Set(decoded)).toEqual(new Set(["SKILL.md"]));
  });
});
