// What a host sends and expects of the Skills extension, written from its
// specification: the result shapes of skills/list, skills/get and
// resources/directory/read, and the calls the tests make through the SDK's
// Client. Every file a test reads is held against the entry's digest and size.
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const Resource = z.object({ uri: z.string(), digest: z.string(), size: z.number() });
export const SkillEntry = z.object({
  uri: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  resources: z.array(Resource),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type SkillEntry = z.infer<typeof SkillEntry>;

export const SkillsList = z.looseObject({
  resultType: z.literal("complete"),
  skills: z.array(SkillEntry),
  nextCursor: z.string().optional(),
  ttlMs: z.number(),
  cacheScope: z.enum(["public", "private"]),
});
export const SkillsGet = z.looseObject({ resultType: z.literal("complete"), skill: SkillEntry });
export const DirectoryRead = z.looseObject({
  resources: z.array(z.looseObject({ uri: z.string(), name: z.string(), mimeType: z.string() })),
  nextCursor: z.string().optional(),
});

/** Every entry of skills/list, following cursors. */
export async function listAllSkills(client: Client): Promise<SkillEntry[]> {
  const entries: SkillEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request(
      { method: "skills/list", params: cursor === undefined ? {} : { cursor } },
      SkillsList,
    );
    entries.push(...page.skills);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return entries;
}

/** One file's bytes, read with resources/read and checked against the entry's digest and size. */
export async function readVerified(
  client: Client,
  resource: { uri: string; digest: string; size: number },
): Promise<string> {
  const read = await client.readResource({ uri: resource.uri });
  const content = read.contents[0]!;
  if (!("text" in content)) throw new Error(`${resource.uri} came as a blob`);
  const bytes = Buffer.from(content.text, "utf8");
  const digest = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  if (bytes.length !== resource.size || digest !== resource.digest) {
    throw new Error(`${resource.uri} does not match its entry`);
  }
  return content.text;
}

/** The JSON-RPC error a call is answered with (the call must fail). */
export async function errorOf(call: Promise<unknown>): Promise<McpError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}
