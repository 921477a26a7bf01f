// A path on disk as a source: a folder is read as a folder, and a regular
// file as an archive whatever its name says (its bytes decide). The path
// itself may be a symbolic link (a user's choice, not the bundle's); below it
// nothing is followed. Anything else at the path (a fifo, a device) is no
// archive, and is never opened. The archive reader is loaded only when the
// path is a file.
import { type Stats, stat } from "node:fs";
import { basename, resolve } from "node:path";
import type { EntriesResult } from "../entries.js";
import type { Reading } from "../reading.js";
import { skillNameOf } from "./archive-name.js";
import { chunksOfFile } from "./chunks.js";
import { readFolder } from "./folder.js";
import { unreadable } from "./folder-walk.js";

export async function readPath(path: string, reading: Reading): Promise<EntriesResult> {
  const absolute = resolve(path);
  const described = await new Promise<{ stats?: Stats; error?: NodeJS.ErrnoException }>((done) =>
    stat(absolute, (error, stats) => done(error === null ? { stats } : { error })),
  );
  if (described.stats === undefined) {
    return { ok: false, refusal: unreadable(path, described.error!) };
  }
  const name = basename(absolute);
  if (described.stats.isDirectory()) return readFolder(absolute, path, name, reading);
  if (!described.stats.isFile()) {
    return {
      ok: false,
      refusal: { code: "not-an-archive", path, detail: "it is not a regular file" },
    };
  }
  const { readArchive } = await import("./archive.js");
  const result = await readArchive(chunksOfFile(absolute, path), skillNameOf(name), reading);
  if (result.ok || result.refusal.code !== "not-an-archive") return result;
  return { ok: false, refusal: { ...result.refusal, path } };
}
