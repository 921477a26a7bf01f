// The worker's second step: with a verified payload in hand, fetch every file
// of every skill and keep only bytes the manifest names. Each file is read
// (through an MCP client's resources/read of its skill:// URI, or through any
// reader), its size and SHA-256 held against the manifest, and written into a
// staging directory inside `dir`; only once every file of every skill has
// matched are the skill trees renamed into place, so a mismatch anywhere
// leaves `dir` as it was and names the file (`changed-file`).
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { checkPath, isWithholdingCode, type Refusal } from "@skillshelf/contract";
import { fileUriOf } from "@skillshelf/mcp/source";
import { digestBytes } from "./digest.js";
import type { Payload } from "./schema.js";

/** Reads one file of a skill: its bytes, or a refusal. */
export type ReadSkillFile = (
  id: string,
  path: string,
) => Promise<{ ok: true; bytes: Uint8Array } | { ok: false; refusal: Refusal }>;

/** What a fetch wrote: each skill's directory, or the one refusal (nothing written). */
export type FetchResult =
  | { ok: true; skills: { id: string; dir: string }[] }
  | { ok: false; refusal: Refusal };

/** The part of an MCP SDK `Client` fetchSkills uses. */
export type ResourceReader = {
  readResource(params: { uri: string }): Promise<{
    contents: ({ uri: string } & ({ text: string } | { blob: string }))[];
  }>;
};

/** Fetches every file of every payload skill through an MCP client into `<dir>/<id>/`, verified. */
export function fetchSkills(
  client: ResourceReader,
  payload: Payload,
  dir: string,
): Promise<FetchResult> {
  return fetchSkillFiles(readThrough(client), payload, dir);
}

/** The same with any reader (the CLI's `payload --files` reads the local store through the shelf). */
export async function fetchSkillFiles(
  read: ReadSkillFile,
  payload: Payload,
  dir: string,
): Promise<FetchResult> {
  await mkdir(dir, { recursive: true });
  const staging = join(dir, `.fetch-${randomBytes(6).toString("hex")}`);
  try {
    for (const skill of payload.skills) {
      for (const file of skill.files) {
        // A manifest's path is judged by the reader's rule before it names anything on disk.
        const judged = checkPath(file.path, false);
        if (!judged.ok || judged.path !== file.path) {
          return {
            ok: false,
            refusal: {
              code: "unsafe-path",
              path: file.path,
              why: judged.ok ? "dot-segment" : judged.why,
            },
          };
        }
        const got = await read(skill.id, file.path);
        if (!got.ok) return { ok: false, refusal: got.refusal };
        if (got.bytes.length !== file.size || digestBytes(got.bytes) !== file.sha256) {
          return { ok: false, refusal: { code: "changed-file", skill: skill.id, path: file.path } };
        }
        const target = join(staging, skill.id, ...file.path.split("/"));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, got.bytes);
        if (file.executable) await chmod(target, 0o755);
      }
    }
    const written: { id: string; dir: string }[] = [];
    for (const skill of payload.skills) {
      const target = join(dir, skill.id);
      // The old tree moves into the staging directory first, and goes with it.
      await rename(target, join(staging, `.old-${skill.id}`)).catch(() => {});
      await rename(join(staging, skill.id), target);
      written.push({ id: skill.id, dir: target });
    }
    return { ok: true, skills: written };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function readThrough(client: ResourceReader): ReadSkillFile {
  return async (id, path) => {
    try {
      const { contents } = await client.readResource({ uri: fileUriOf(id, path) });
      const content = contents[0];
      if (content === undefined)
        return { ok: false, refusal: { code: "unknown-file", skill: id, path } };
      const bytes =
        "text" in content
          ? new Uint8Array(Buffer.from(content.text, "utf8"))
          : new Uint8Array(Buffer.from(content.blob, "base64"));
      return { ok: true, bytes };
    } catch (error) {
      const code = (error as { data?: { code?: string } }).data?.code;
      // A skill the server no longer offers as a whole (edited by hand since
      // the payload was built, never vouched for, or withheld by the
      // signature policy) is named as such: no single file of it is to blame.
      if (code !== undefined && isWithholdingCode(code)) {
        return { ok: false, refusal: { code, skill: id } };
      }
      // Otherwise the server refused this file (changed-file, unknown-file, ...): it is named either way.
      return {
        ok: false,
        refusal: {
          code: code === "unknown-file" ? "unknown-file" : "changed-file",
          skill: id,
          path,
        },
      };
    }
  };
}
