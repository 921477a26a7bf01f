// POST /api/imports: a raw archive body or a multipart form of files, with
// `replace=1` to overwrite managed skills, `dry_run=1` to only check and
// `strict=1` to refuse a bundle that draws specification warnings, `path=`
// and `skill=` (repeated) to select, `accept=` (repeated) to let findings of
// a code not refuse this import, and `list=1` to answer only what the
// source holds (the shelf's listSource), storing nothing, each skill judged
// alone and a refused one given the table's sentence, worded as the request
// asks (the console's chooser shows it before anything is imported). The
// gate admits the request before a byte of its body is read; the parsers
// (registered only in this route's scope) stream the body under the caps;
// the answer is 201 with the installed skills, warnings and findings (200
// for a dry run) or the refusal with its table status (and, for
// `hidden-content`, every finding). Reading the body into skills and storing
// them waits for one of the unpack turns (unpack-turns.ts), so no more than
// two bundles are held unpacked in memory however many imports are admitted.
import type { BundleListing } from "@skillshelf/bundle-reader";
import { MAX_ENTRIES, MAX_PATH_BYTES, MAX_SEGMENT_BYTES, remotePath } from "@skillshelf/contract";
import type { Shelf } from "@skillshelf/shelf";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { acceptParam } from "../accept-param.js";
import { answerOf, rootPlacesOf, sendRefusal, type Wording, wordingOf } from "../answer.js";
import type { ErrorAnswer, ImportAnswer, ListingAnswer } from "../api-types.js";
import type { ImportCaps } from "../imports/caps.js";
import type { ImportGate, ImportTicket } from "../imports/gate.js";
import { readForm } from "../imports/multipart.js";
import { HeldBytes, isParsedBody, type ParsedBody } from "../imports/parsed-body.js";
import { readArchiveBody } from "../imports/raw.js";
import {
  type ImportOptions as Options,
  sourceOf as readerSourceOf,
} from "../imports/run-import.js";
import { UnpackTurns } from "../imports/unpack-turns.js";
import { defaultUploadRate, type UploadRate, watchUpload } from "../imports/upload-watch.js";

/** What an import's log line says of its source: the archive's name and size, or the form's file count. */
function sourceOf(body: ParsedBody, request: FastifyRequest): Record<string, unknown> {
  const { name } = (request.query ?? {}) as { name?: string };
  const declared = Number(request.headers["content-length"]);
  if (!body.ok) {
    const form = request.headers["content-type"]?.startsWith("multipart/") === true;
    return {
      kind: form ? "form" : "archive",
      name,
      bytes: Number.isFinite(declared) ? declared : undefined,
    };
  }
  if (body.kind === "uploads") return { kind: "form", files: body.files.length };
  return { kind: "archive", name, bytes: body.bytes.length };
}

/** A listing whose refused skills carry the table's sentence, worded for the reader, and no server place. */
function worded(listing: BundleListing, wording: Wording): ListingAnswer["listing"] {
  return {
    ...listing,
    skills: listing.skills.map(({ verdict, ...skill }) => {
      if (verdict === undefined) return skill;
      if (verdict.importable) return { ...skill, verdict };
      const { body } = answerOf(verdict.refusal, wording);
      return { ...skill, verdict: { importable: false, ...body } };
    }),
  };
}

const flag = z
  .enum(["", "0", "1", "false", "true"])
  .optional()
  .transform((value) => value === "1" || value === "true");

/** skill= and skip=: one name, or a repeated parameter's list, as a list. */
const names = z
  .union([
    z.string().min(1).max(MAX_SEGMENT_BYTES),
    z.array(z.string().min(1).max(MAX_SEGMENT_BYTES)).max(MAX_ENTRIES),
  ])
  .optional()
  .transform((value) => (value === undefined || Array.isArray(value) ? value : [value]));

const querySchema = z.object({
  replace: flag,
  dry_run: flag,
  strict: flag,
  list: flag,
  path: z.string().min(1).max(MAX_PATH_BYTES).optional(),
  // A repeated parameter arrives as a list, a single one as a string.
  skill: names,
  skip: names,
  name: z.string().min(1).max(MAX_SEGMENT_BYTES).optional(),
  // Finding codes the operator accepts for this import, repeated as skill is.
  accept: acceptParam,
});

/** Registers POST /api/imports in its own scope, with its body parsers. */
export function registerImportRoutes(
  app: FastifyInstance,
  shelf: Shelf,
  caps: ImportCaps,
  gate: ImportGate,
  uploadRate: UploadRate = defaultUploadRate,
): void {
  const admitted = new WeakMap<FastifyRequest, { ticket: ImportTicket; options: Options }>();
  const turns = new UnpackTurns();
  const roots = rootPlacesOf(shelf);

  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const query = querySchema.safeParse(request.query);
    if (!query.success) {
      const detail = query.error.issues.map((issue) => issue.path.join(".")).join(", ");
      await sendRefusal(reply, { code: "bad-query", detail });
      return;
    }
    const ticket = gate.tryEnter();
    if (ticket === undefined) {
      const closing = gate.closed;
      reply.header("retry-after", closing ? "5" : "1");
      await sendRefusal(
        reply,
        closing ? { code: "shutting-down" } : { code: "busy", limit: gate.capacity },
      );
      return;
    }
    const {
      replace,
      dry_run: dryRun,
      strict,
      list,
      path,
      skill: skills,
      skip,
      name,
      accept,
    } = query.data;
    admitted.set(request, {
      ticket,
      options: { replace, dryRun, strict, list, path, skills, skip, name, accept },
    });
    reply.raw.once("close", () => ticket.release());
  };

  /** Reads a body unless it dribbles in below the minimum rate or the server starts shutting down. */
  const watched = (
    request: FastifyRequest,
    read: (signal: AbortSignal) => Promise<ParsedBody>,
  ): Promise<ParsedBody> => {
    const abandon = new AbortController();
    const watch = watchUpload(request.raw, uploadRate, gate.closing);
    const reading = read(abandon.signal);
    // A body cut early is abandoned: its reader may still fail when the socket closes.
    reading.catch(() => {});
    const cut = watch.cut.then((refusal): ParsedBody => ({ ok: false, refusal }));
    return Promise.race([reading, cut]).then(
      (body) => {
        watch.stop();
        // When the cut won, this stops the reader; when the reader won, it is already done.
        abandon.abort();
        return body;
      },
      (error: unknown) => {
        watch.stop();
        throw error;
      },
    );
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser("multipart/form-data", async (request: FastifyRequest) =>
      watched(request, (signal) => readForm(request.raw, request.headers, caps, signal)),
    );
    scope.addContentTypeParser("*", async (request: FastifyRequest) => {
      const length = Number(request.headers["content-length"]);
      return watched(request, (signal) =>
        readArchiveBody(
          request.raw,
          caps.maxArchiveBodyBytes,
          Number.isSafeInteger(length) ? length : undefined,
          signal,
        ),
      );
    });

    scope.post("/api/imports", { onRequest: admit }, async (request, reply) => {
      const body: ParsedBody = isParsedBody(request.body)
        ? request.body
        : { ok: true, kind: "archive", bytes: new HeldBytes(new Uint8Array(0)) };
      const source = sourceOf(body, request);
      if (!body.ok) {
        // Refused while the body arrived (too large, too slow, a malformed form, a shutdown).
        request.log.info({ source, refusal: body.refusal.code }, "import refused");
        return sendRefusal(reply, body.refusal);
      }
      const entry = admitted.get(request);
      // The response already closed (the client left): there is no one to import for.
      if (entry === undefined || !entry.ticket.hold()) return reply.code(503).send();
      const { ticket, options } = entry;
      const { dryRun, replace } = options;
      try {
        if (options.list) {
          // list=1: what the source holds, each skill judged alone, for the console's checkboxes.
          const listed = await turns.run(() =>
            shelf.listSource(readerSourceOf(body, options.name), {
              path: options.path,
              judge: true,
            }),
          );
          if (!listed.ok) return sendRefusal(reply, listed.refusal);
          const answer: ListingAnswer = { listing: worded(listed.listing, wordingOf(request)) };
          return reply.code(200).send(answer);
        }
        const choices = {
          replace,
          strict: options.strict,
          path: options.path,
          skills: options.skills,
          skip: options.skip,
          accept: options.accept,
        };
        const outcome = await turns.run(() => {
          const taken = readerSourceOf(body, options.name);
          return dryRun ? shelf.check(taken, choices) : shelf.import(taken, choices);
        });
        if (!outcome.ok) {
          request.log.info({ source, refusal: outcome.refusal.code }, "import refused");
          if (outcome.findings === undefined) return sendRefusal(reply, outcome.refusal);
          const { status, body: refused } = answerOf(outcome.refusal, wordingOf(request));
          const answer: ErrorAnswer = { ...refused, findings: outcome.findings };
          return reply.code(status).send(answer);
        }
        const ids = outcome.skills.map((skill) => skill.id);
        const accepted = options.accept;
        request.log.info(
          { source, skills: ids, dryRun, replace, ...(accepted === undefined ? {} : { accepted }) },
          dryRun ? "import checked" : "imported",
        );
        const { warnings, findings } = outcome;
        // Where each skill was stored, below the managed root: never the root's place on this server.
        const skills = outcome.skills.map((skill) => ({
          ...skill,
          path: remotePath(skill.path, "managed", roots),
        }));
        const answer: ImportAnswer = { skills, warnings, findings };
        return reply.code(dryRun ? 200 : 201).send(answer);
      } finally {
        ticket.release();
      }
    });
  });
}
