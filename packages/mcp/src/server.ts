// The MCP server over a SkillSource: the SDK's low-level Server, declaring
// `resources` (with listChanged) and the Skills extension with
// `directoryRead`, answering skills/list, skills/get, resources/list,
// resources/read and resources/directory/read. Lists are paginated by id
// (or by name in a directory) with opaque cursors; a cursor this server did
// not write is Invalid params. Every change the source reports is sent as
// notifications/resources/list_changed while a client is connected.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { decodeCursor, pageOf } from "./cursor.js";
import { readSkillDirectory } from "./directory.js";
import { skillEntryOf } from "./entries.js";
import { invalidParams } from "./errors.js";
import { forgetSnapshots, keepSnapshot, snapshotOf } from "./listing-walks.js";
import {
  DirectoryReadRequestSchema,
  readPagedParams,
  readUriParams,
  SKILLS_EXTENSION_ID,
  SkillsGetRequestSchema,
  SkillsListRequestSchema,
} from "./methods.js";
import { readSkillResource } from "./read-file.js";
import { readUri, servedSkill, servedSkills } from "./served.js";
import type { SkillSource } from "./skill-source.js";
import { skillUriOf } from "./skill-uri.js";

export type SkillsServerOptions = {
  /** The server's name in its `initialize` answer (default `skillshelf`). */
  name?: string;
  /** The server's version in its `initialize` answer. */
  version?: string;
  /** Skills (or resources, or directory children) per page (default 100). */
  pageSize?: number;
  /** The freshness hint of lists and entries, in milliseconds (default 60,000). */
  ttlMs?: number;
  /** Instructions sent to the host at `initialize`. */
  instructions?: string;
};

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_TTL_MS = 60_000;

/** A server (not yet connected) that serves `source`'s skills; connect it to any transport. */
export function createSkillsServer(source: SkillSource, options: SkillsServerOptions = {}): Server {
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
  const cache = { ttlMs: options.ttlMs ?? DEFAULT_TTL_MS, cacheScope: "private" as const };
  const server = new Server(
    { name: options.name ?? "skillshelf", version: options.version ?? "0.1.0" },
    {
      capabilities: {
        resources: { listChanged: true },
        extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } },
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  const afterCursor = (cursor: string | undefined): string | undefined => {
    if (cursor === undefined) return undefined;
    const key = decodeCursor(cursor);
    if (key === undefined) {
      throw invalidParams({
        code: "invalid-cursor",
        reason: "The cursor is not one this server gave; list again from the start.",
      });
    }
    return key;
  };

  // One catalog read per walk through a list (listing-walks.ts).
  const pageOfSkills = async (cursor: string | undefined) => {
    const after = afterCursor(cursor);
    const skills = snapshotOf(source, cursor) ?? (await servedSkills(source));
    const cut = pageOf(skills, after, pageSize, (s) => s.id);
    keepSnapshot(source, cut.nextCursor, skills);
    return cut;
  };

  server.setRequestHandler(SkillsListRequestSchema, async (request) => {
    const { page, nextCursor } = await pageOfSkills(readPagedParams(request.params).cursor);
    return {
      resultType: "complete",
      skills: page.map(skillEntryOf),
      ...(nextCursor === undefined ? {} : { nextCursor }),
      ...cache,
    };
  });

  server.setRequestHandler(SkillsGetRequestSchema, async (request) => {
    const { uri } = readUriParams(request.params);
    const { id, path } = readUri(uri);
    if (path !== "SKILL.md") {
      throw invalidParams({
        code: "not-a-skill",
        reason: `No skill is served at ${uri}; a skill is named by the URI of its SKILL.md.`,
      });
    }
    return { resultType: "complete", skill: skillEntryOf(await servedSkill(source, id)), ...cache };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const { page, nextCursor } = await pageOfSkills(request.params?.cursor);
    return {
      resources: page.map((skill) => {
        const description = skill.frontmatter?.description;
        return {
          uri: skillUriOf(skill.id),
          name: skill.id,
          mimeType: "text/markdown",
          ...(typeof description === "string" ? { description } : {}),
          size: skill.files.find((file) => file.path === "SKILL.md")?.size ?? 0,
        };
      }),
      ...(nextCursor === undefined ? {} : { nextCursor }),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [await readSkillResource(source, request.params.uri)],
    ...cache,
  }));

  server.setRequestHandler(DirectoryReadRequestSchema, async (request) => {
    const { uri, cursor } = readUriParams(request.params);
    const after = afterCursor(cursor);
    const children = await readSkillDirectory(source, uri);
    const { page, nextCursor } = pageOf(children, after, pageSize, (child) => child.name);
    return {
      resultType: "complete",
      resources: page,
      ...(nextCursor === undefined ? {} : { nextCursor }),
    };
  });

  const stop = source.subscribe(() => {
    forgetSnapshots(source);
    if (server.transport === undefined) return;
    server.sendResourceListChanged().catch(() => {
      // A client gone between the change and the notice has nothing to refresh.
    });
  });
  const previous = server.onclose;
  server.onclose = () => {
    stop();
    previous?.();
  };
  return server;
}
