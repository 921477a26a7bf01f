// The catalog over HTTP: the list (offered, refused with their sentences,
// revision, each managed skill's record, the payload bound's use, the
// findings of each offered skill's files), one skill
// (its report, tree digest, record, drift, file list and the Agent Skills
// specification's warnings from the reader's spec-warnings module, and the
// findings of its files; no texts), one file
// of it served as it is held, removal of a managed one, and approval of one
// (the trust gate's way back for a drifted or hand-made skill; its files'
// findings judged as an import's, `accept=` as import's, and every
// finding in the answer). What a stored
// skill's files are, and whether a path names one, is the shelf's
// (describe, readFile): a request path is judged there by the
// reader's path rules, and a path the skill does not hold is 404. Every
// refusal, the catalog's own included, is answered from the one table.
import { formatBytes } from "@skillshelf/bundle-reader";
import { type RootPlaces, remotePath } from "@skillshelf/contract";
import type { Shelf } from "@skillshelf/shelf";
import {
  type OfferedSkill,
  type RefusedSkill,
  storedSpecWarnings,
} from "@skillshelf/skill-catalog";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { acceptParam } from "../accept-param.js";
import { answerOf, rootPlacesOf, sendRefusal, type Wording, wordingOf } from "../answer.js";
import type {
  ApproveAnswer,
  ErrorAnswer,
  ListedRefusal,
  ListedSkill,
  RemoveAnswer,
  SkillAnswer,
  SkillsAnswer,
} from "../api-types.js";

/** Who an approval over HTTP records: the API's one token, by its name. */
export const TOKEN_NAME = "api-token";

type IdParams = { Params: { id: string } };

/** approve's query: `accept=` (repeated), finding codes the files as they are now may hold. */
const approveQuery = z.object({ accept: acceptParam });

/**
 * The shelf's describe, shared by the requests for one skill that arrive while it
 * is being read, so many clients viewing one big skill cost one read's
 * memory, not one per request.
 */
function sharedDescriptions(shelf: Shelf): Shelf["describe"] {
  const inFlight = new Map<string, ReturnType<Shelf["describe"]>>();
  return (id) => {
    const pending = inFlight.get(id);
    if (pending !== undefined) return pending;
    const read = shelf.describe(id).finally(() => inFlight.delete(id));
    inFlight.set(id, read);
    return read;
  };
}
type FileParams = { Params: { id: string; "*": string } };

/**
 * A refused or withheld skill as listed: a refusal's reason is the one
 * table's sentence for it, worded as the request asks, and the refusal
 * carries no place on the server (a skill defined twice names its roots).
 */
function listedRefusal(skill: RefusedSkill, wording: Wording, roots: RootPlaces): ListedRefusal {
  const { body } = answerOf(skill, wording, roots);
  const shown = body.refusal as RefusedSkill;
  return { ...shown, reason: body.message, message: body.message };
}

/** An offered skill as listed: its size said for people, its path below its root, never the root's place on this server. */
const listed = (skill: OfferedSkill, roots: RootPlaces): ListedSkill => ({
  ...skill,
  path: remotePath(skill.path, skill.origin, roots),
  size: formatBytes(skill.bytes),
});

/** Registers the catalog routes under /api/skills. */
export function registerSkillRoutes(app: FastifyInstance, shelf: Shelf): void {
  const describe = sharedDescriptions(shelf);
  // A stored skill's refusal names its file below its root, never the root's path on this server.
  const roots = rootPlacesOf(shelf);
  app.get("/api/skills", async (request): Promise<SkillsAnswer> => {
    const wording = wordingOf(request);
    const { catalog, records, payload, withheld, signers, findings } = await shelf.list();
    const { skills, refused, revision } = catalog;
    return {
      skills: skills.map(({ text: _text, ...skill }) => {
        const record = skill.origin === "managed" ? records.get(skill.id) : undefined;
        const signer = signers?.get(skill.id);
        return {
          ...listed(skill, roots),
          ...(record === undefined ? {} : { treeDigest: record.tree.digest, record }),
          ...(signer === undefined ? {} : { signer }),
        };
      }),
      refused: refused.map((skill) => listedRefusal(skill, wording, roots)),
      revision,
      payload,
      withheld: withheld.map((skill) => listedRefusal(skill, wording, roots)),
      findings,
    };
  });

  app.post<IdParams>("/api/skills/:id/approve", async (request, reply) => {
    const query = approveQuery.safeParse(request.query);
    if (!query.success) {
      const detail = query.error.issues.map((issue) => issue.path.join(".")).join(", ");
      return sendRefusal(reply, { code: "bad-query", detail });
    }
    const { accept } = query.data;
    const approved = await shelf.approve(request.params.id, TOKEN_NAME, { accept });
    if (!approved.ok) {
      if (approved.findings === undefined) return sendRefusal(reply, approved.refusal, roots);
      const { status, body } = answerOf(approved.refusal, wordingOf(request), roots);
      const answer: ErrorAnswer = { ...body, findings: approved.findings };
      return reply.code(status).send(answer);
    }
    const { id, tree, approved: by, findings } = approved;
    request.log.info(
      {
        skill: id,
        treeDigest: tree.digest,
        by: by.by,
        ...(accept === undefined ? {} : { accepted: accept }),
      },
      "skill approved",
    );
    const answer: ApproveAnswer = {
      approved: id,
      treeDigest: tree.digest,
      by: by.by,
      at: by.at,
      findings,
    };
    return answer;
  });

  app.get<IdParams>("/api/skills/:id", async (request, reply) => {
    const described = await describe(request.params.id);
    if (!described.ok) return sendRefusal(reply, described.refusal, roots);
    const { skill, files, treeDigest, record, verdict, signature, findings } =
      described.description;
    const { text, ...offered } = skill;
    const answer: SkillAnswer = {
      skill: { ...listed(offered, roots), treeDigest },
      files: files.map((file) => ({ ...file, size: formatBytes(file.bytes) })),
      warnings: storedSpecWarnings({ id: offered.id, digest: offered.digest, text }),
      signature,
      findings,
    };
    if (record !== undefined) answer.record = record;
    if (verdict !== undefined) answer.verify = verdict;
    return answer;
  });

  app.get<FileParams>("/api/skills/:id/files/*", async (request, reply) => {
    const { id, "*": path } = request.params;
    const read = await shelf.streamFile(id, path);
    if (!read.ok) {
      if (read.refusal.code === "unknown-skill") return sendRefusal(reply, read.refusal, roots);
      // A path the skill does not hold, however it fails (unsafe, a link, absent).
      return sendRefusal(reply, { code: "unknown-file", skill: id, path });
    }
    // Streamed with back-pressure: a client that reads slowly, or never,
    // holds a stream's buffer, not the whole file (up to 64 MiB).
    return reply
      .type(read.file.binary === true ? "application/octet-stream" : "text/plain; charset=utf-8")
      .header("content-length", read.file.bytes)
      .send(read.stream);
  });

  app.delete<IdParams>("/api/skills/:id", async (request, reply) => {
    const removed = await shelf.remove(request.params.id);
    if (!removed.ok) return sendRefusal(reply, removed.refusal, roots);
    request.log.info({ skill: removed.id }, "skill removed");
    const answer: RemoveAnswer = { removed: removed.id };
    return answer;
  });
}
