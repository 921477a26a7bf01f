// The one place the server learns what files a stored skill holds and opens
// one of them. Listing is the reader's walk of the skill's folder (its path,
// link and UTF-8 rules decide what is a file), and a file is only ever
// opened when its path is one the listing holds, so a request path is never
// judged here: it is looked up. The file is opened without following links
// and must still be a regular file, then streamed, never read whole.
// skill-catalog is taking over reading a stored skill's files; this module is
// the seam the routes go through until it does.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { type Refusal, readBundle } from "@skillshelf/bundle-reader";

/** One file of a stored skill, without its text; `binary` marks one that is not UTF-8. */
export type SkillFileEntry = { path: string; bytes: number; executable: boolean; binary?: true };

export type SkillFileListing =
  | { ok: true; files: SkillFileEntry[] }
  | { ok: false; refusal: Refusal };

export type OpenedSkillFile = { ok: true; bytes: number; stream: Readable } | { ok: false };

// Listings in flight, by skill folder: requests for the same skill that
// arrive while one is being read share that read, so many clients viewing
// one big skill cost one walk's memory, not one per request.
const inFlight = new Map<string, Promise<SkillFileListing>>();

/** The files of the skill whose SKILL.md is at `skillFilePath`, sorted by path. */
export function listSkillFiles(skillFilePath: string): Promise<SkillFileListing> {
  const folder = dirname(skillFilePath);
  const running = inFlight.get(folder);
  if (running !== undefined) return running;
  const listing = readListing(folder).finally(() => inFlight.delete(folder));
  inFlight.set(folder, listing);
  return listing;
}

async function readListing(folder: string): Promise<SkillFileListing> {
  const read = await readBundle({ kind: "path", path: folder });
  if (!read.ok) return read;
  const files = (read.skills[0]?.files ?? []).map((file) => ({
    path: file.path,
    bytes: file.bytes.length,
    executable: file.executable,
  }));
  return { ok: true, files };
}

const openFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Opens `path` of the skill for streaming, if the skill's listing holds it. */
export async function openSkillFile(skillFilePath: string, path: string): Promise<OpenedSkillFile> {
  const listing = await listSkillFiles(skillFilePath);
  if (!listing.ok || !listing.files.some((file) => file.path === path)) return { ok: false };
  const handle = await open(join(dirname(skillFilePath), ...path.split("/")), openFlags).catch(
    () => undefined,
  );
  if (handle === undefined) return { ok: false };
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return { ok: false };
  }
  if (stats.size === 0) {
    await handle.close();
    return { ok: true, bytes: 0, stream: Readable.from([]) };
  }
  // Exactly the bytes the answer's Content-Length announces, even if the file grows meanwhile.
  return { ok: true, bytes: stats.size, stream: handle.createReadStream({ end: stats.size - 1 }) };
}
