// resources/read of a skill file. The URI is read strictly, the path is
// looked up in the skill's manifest (an unlisted path is refused before the
// store is asked), and the bytes are the source's, which holds each one
// against the size and SHA-256 its record vouches for on this very read
// (the source owns that rule: catalog-source.ts's readListed): a file
// changed since its record is refused by name (`drifted`, or
// `changed-file`) and its new bytes never leave the server.

import { isUtf8 } from "node:buffer";
import { message } from "@skillshelf/bundle-reader";
import { invalidParams } from "./errors.js";
import { mimeTypeOf } from "./mime.js";
import { readUri, servedSkill } from "./served.js";
import type { SkillSource } from "./skill-source.js";
import { fileUriOf } from "./skill-uri.js";

export type FileContents =
  | { uri: string; mimeType: string; text: string }
  | { uri: string; mimeType: string; blob: string };

/** The contents of the file `uri` names, checked against the skill's manifest. */
export async function readSkillResource(source: SkillSource, uri: string): Promise<FileContents> {
  const { id, path } = readUri(uri);
  const skill = await servedSkill(source, id);
  const listed = skill.files.find((file) => file.path === path);
  if (listed === undefined) {
    const isDirectory = path === "" || skill.files.some((file) => file.path.startsWith(`${path}/`));
    if (isDirectory) {
      throw invalidParams({
        code: "not-a-file",
        reason: `${fileUriOf(id, path)} is a directory resource; read it with resources/directory/read.`,
      });
    }
    throw invalidParams({
      code: "unknown-file",
      reason: message({ code: "unknown-file", skill: id, path }),
    });
  }
  const read = await source.readFile(id, path);
  if (!read.ok) throw invalidParams({ code: read.code, reason: read.reason });
  // readUri takes only the form fileUriOf writes, so `uri` is the canonical URI.
  const mimeType = mimeTypeOf(path);
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.length);
  return isUtf8(bytes)
    ? { uri, mimeType, text: bytes.toString("utf8") }
    : { uri, mimeType, blob: bytes.toString("base64") };
}
