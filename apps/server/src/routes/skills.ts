// The catalog over HTTP: the list (offered, refused, revision), one skill with
// its body and files, and removal of a managed one. The catalog decides what
// is offered; a skill's files are read with the same reader an import uses,
// so the console shows a skill exactly as the store would hand it over.
import { dirname } from "node:path";
import { message, readBundle } from "@skillshelf/bundle-reader";
import { catalog, load, type RootsLike, remove } from "@skillshelf/skill-catalog";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";

type IdParams = { Params: { id: string } };

/** Registers GET /api/skills, GET /api/skills/:id and DELETE /api/skills/:id. */
export function registerSkillRoutes(app: FastifyInstance, roots: RootsLike): void {
  app.get("/api/skills", async () => catalog(roots));

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
    const { text, ...skill } = loaded.skill;
    const read = await readBundle({ kind: "path", path: dirname(skill.path) });
    const files = read.ok
      ? (read.skills[0]?.files ?? []).map((file) => ({
          path: file.path,
          bytes: Buffer.byteLength(file.text),
          executable: file.executable,
          text: file.text,
        }))
      : [];
    const filesRefusal = read.ok
      ? undefined
      : { refusal: read.refusal, message: message(read.refusal) };
    return { skill, text, files, filesRefusal };
  });

  app.delete<IdParams>("/api/skills/:id", async (request, reply) => {
    const removed = await remove(roots, request.params.id);
    if (!removed.ok) return sendRefusal(reply, removed.refusal);
    request.log.info({ skill: removed.id }, "skill removed");
    return { removed: removed.id };
  });
}
