// The worker's side: reads a payload file and trusts nothing in it until it
// has checked it. The file must parse, match the schema, hold its skills in
// strict id order (the order the revision is defined over), and every body
// must hash to its digest and the digests to the revision. Bodies over the
// payload's size cap mean the file was not made by materialize. Each failure
// is a refusal with a stable code and the place it was found.
import { readFile } from "node:fs/promises";
import { formatCount, MAX_PAYLOAD_BYTES, type Refusal } from "@skillshelf/contract";
import { revisionOf, treeDigestOf } from "@skillshelf/skill-catalog";
import type { z } from "zod";
import { countBodyBytes, digestText } from "./digest.js";
import { type Payload, payloadSchema } from "./schema.js";

export type ReadPayloadResult = { ok: true; payload: Payload } | { ok: false; refusal: Refusal };

/** Reads and verifies a payload file: schema, id order, every digest, then the revision. */
export async function readPayload(path: string): Promise<ReadPayloadResult> {
  let raw: string;
  try {
    raw = await readFile(path, "utf8");
  } catch (error) {
    return invalid(path, `it cannot be read: ${describeError(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return invalid(path, `it is not JSON: ${describeError(error)}`);
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return invalid(path, describeIssue(parsed.error.issues[0]));
  return verifyPayload(path, parsed.data);
}

function verifyPayload(path: string, payload: Payload): ReadPayloadResult {
  const { skills } = payload;
  const total = countBodyBytes(skills);
  if (total > MAX_PAYLOAD_BYTES) {
    const detail = `its bodies total ${formatCount(total)} bytes, more than the ${formatCount(MAX_PAYLOAD_BYTES)} a payload may hold`;
    return invalid(path, detail);
  }
  for (let index = 0; index < skills.length; index++) {
    const skill = skills[index]!;
    const previous = skills[index - 1];
    if (previous !== undefined && previous.id >= skill.id) {
      return invalid(path, `skills[${index}]: '${skill.id}' is not in strict id order`);
    }
    if (digestText(skill.text) !== skill.digest) {
      return { ok: false, refusal: { code: "digest-mismatch", path, skill: skill.id } };
    }
    const manifest = checkManifest(skill);
    if (manifest !== undefined)
      return invalid(path, `skills[${index}] ('${skill.id}'): ${manifest}`);
  }
  if (revisionOf(skills) !== payload.revision) {
    return { ok: false, refusal: { code: "revision-mismatch", path } };
  }
  return { ok: true, payload };
}

/** What is wrong with a skill's manifest: path order, its SKILL.md, or the tree digest over it. */
function checkManifest(skill: Payload["skills"][number]): string | undefined {
  const { files } = skill;
  for (let index = 1; index < files.length; index++) {
    if (Buffer.compare(Buffer.from(files[index - 1]!.path), Buffer.from(files[index]!.path)) >= 0) {
      return `files[${index}]: '${files[index]!.path}' is not in strict path order`;
    }
  }
  const body = files.find((file) => file.path === "SKILL.md");
  if (body === undefined) return "its files do not list SKILL.md";
  if (body.sha256 !== skill.digest || body.size !== Buffer.byteLength(skill.text, "utf8")) {
    return "its files' SKILL.md is not the body the digest describes";
  }
  if (treeDigestOf(files) !== skill.treeDigest)
    return "its treeDigest is not the digest over its files";
  return undefined;
}

function invalid(path: string, detail: string): ReadPayloadResult {
  return { ok: false, refusal: { code: "invalid-payload", path, detail } };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return "it does not match the payload schema";
  return `${formatIssuePath(issue.path)}: ${issue.message}`;
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    text += typeof key === "number" ? `[${key}]` : `${text === "" ? "" : "."}${String(key)}`;
  }
  return text === "" ? "(root)" : text;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
