// The catalog over HTTP: the list (offered, refused with their sentences,
// revision), one skill with its file list (no texts), one file of it
// streamed as text, and removal of a managed one. The catalog decides what
// is offered; the skill-files seam decides what files a skill holds, and a
// file is served only if that listing holds its path, so a request path is
// looked up, never judged here. Removals are announced to the event stream.
import { formatBytes, message, type Refusal } from "@skillshelf/bundle-reader";
import {
  catalog,
  load,
  type OfferedSkill,
  type RefusedSkill,
  type RootsLike,
  remove,
} from "@skillshelf/skill-catalog";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";
import type {
  ListedRefusal,
  ListedSkill,
  RemoveAnswer,
  SkillAnswer,
  SkillsAnswer,
} from "../api-types.js";
import type { CatalogChanges } from "../catalog-changes.js";
import { listSkillFiles, openSkillFile } from "../skill-files.js";

type IdParams = { Params: { id: string } };
type FileParams = { Params: { id: string; "*": string } };

const listed = (skill: OfferedSkill): ListedSkill => ({ ...skill, size: formatBytes(skill.bytes) });

// The catalog's own sentence, until catalog refusals join the one refusal table.
const listedRefusal = (refused: RefusedSkill): ListedRefusal => ({
  ...refused,
  message: refused.reason,
});

const refusalBodyOf = (refusal: Refusal) => ({ refusal, message: message(refusal) });

/** Registers the catalog routes under /api/skills. */
export function registerSkillRoutes(
  app: FastifyInstance,
  roots: RootsLike,
  changes: CatalogChanges,
): void {
  app.get("/api/skills", async (): Promise<SkillsAnswer> => {
    const { skills, refused, revision } = await catalog(roots);
    return { skills: skills.map(listed), refused: refused.map(listedRefusal), revision };
  });

  app.get<IdParams>("/api/skills/:id", async (request, reply) => {
    const { id } = request.params;
    const loaded = await load(roots, id);
    if (!loaded.ok) {
      const { refusal } = loaded;
      if (refusal.code === "unknown-skill") {
        return sendRefusal(reply, { code: "unknown-skill", skill: id });
      }
      // A skill the catalog refuses: its reason is the catalog's own sentence.
      return reply.code(422).send({ refusal, message: refusal.reason });
    }
    const { text: _text, ...skill } = loaded.skill;
    const listing = await listSkillFiles(skill.path);
    const answer: SkillAnswer = listing.ok
      ? {
          skill: listed(skill),
          files: listing.files.map((file) => ({ ...file, size: formatBytes(file.bytes) })),
        }
      : { skill: listed(skill), files: [], filesRefusal: refusalBodyOf(listing.refusal) };
    return answer;
  });

  app.get<FileParams>("/api/skills/:id/files/*", async (request, reply) => {
    const { id, "*": path } = request.params;
    const loaded = await load(roots, id);
    if (!loaded.ok) return sendRefusal(reply, { code: "unknown-skill", skill: id });
    const opened = await openSkillFile(loaded.skill.path, path);
    if (!opened.ok) return reply.callNotFound();
    return reply
      .type("text/plain; charset=utf-8")
      .header("content-length", opened.bytes)
      .send(opened.stream);
  });

  app.delete<IdParams>("/api/skills/:id", async (request, reply) => {
    const removed = await remove(roots, request.params.id);
    if (!removed.ok) return sendRefusal(reply, removed.refusal);
    request.log.info({ skill: removed.id }, "skill removed");
    changes.announce({ kind: "removed", ids: [removed.id] });
    const answer: RemoveAnswer = { removed: removed.id };
    return answer;
  });
}
