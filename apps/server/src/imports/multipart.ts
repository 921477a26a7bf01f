// Reads a multipart/form-data import into the upload list the reader takes.
// Each file part's client-relative path is the value of the `path` field
// sent just before it, or else the part's file name (browsers send
// `webkitRelativePath` there when a form appends `(name, file, relativePath)`,
// but escape `"` and line breaks in it, so the console sends `path` fields).
// Paths reach the reader as the bytes the client sent, never decoded here:
// a name that is not UTF-8, or holds a control character, is the reader's to
// refuse (`unsafe-path`), exactly as for an archive member. So the form is
// split by Dicer (the part splitter inside @fastify/busboy, which keeps each
// part's header as bytes) and its parameters read by `form-params`; busboy's
// own form layer decodes file names to UTF-8, repairing what it cannot read.
// Parts, file bytes and the whole body are counted while streaming and cut
// at the caps; a form that ends before its closing boundary is refused, never
// read as a shorter bundle.
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import Dicer from "@fastify/busboy/deps/dicer/lib/Dicer.js";
import type { UploadFile } from "@skillshelf/bundle-reader";
import { limits, type Refusal } from "@skillshelf/contract";
import { clientGone } from "../errors.js";
import type { ImportCaps } from "./caps.js";
import { parseHeaderParams } from "./form-params.js";
import type { ParsedBody } from "./parsed-body.js";
import { tooLarge } from "./raw.js";

const tooManyEntries = (): ParsedBody => ({
  ok: false,
  refusal: { code: "too-many-entries", limit: limits().maxEntries },
});

const unreadable = (detail: string): ParsedBody => ({
  ok: false,
  refusal: { code: "unreadable-source", detail: `the upload form is malformed: ${detail}` },
});

const pathTooLong = (value: Uint8Array): ParsedBody => {
  const refusal: Refusal = {
    code: "unsafe-path",
    why: "path-too-long",
    path: `${Buffer.from(value.subarray(0, 320)).toString("utf8").slice(0, 80)}…`,
  };
  return { ok: false, refusal };
};

type PartHeader = Record<string, string[] | undefined>;
type PathHolder = { bytes: Uint8Array };

/** Reads a form into uploads, or the refusal its size or shape earns. Rejects if the client goes away. */
export function readForm(
  stream: Readable,
  headers: IncomingHttpHeaders,
  caps: ImportCaps,
  signal?: AbortSignal,
): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const contentType = parseHeaderParams(
      Buffer.from(headers["content-type"] ?? "").toString("latin1"),
    );
    const boundary = contentType.params.get("boundary");
    if (
      contentType.value !== "multipart/form-data" ||
      boundary === undefined ||
      boundary.length === 0
    ) {
      resolve(unreadable("it names no boundary"));
      return;
    }
    const dicer = new Dicer({
      boundary: Buffer.from(boundary).toString("latin1"),
      maxHeaderPairs: 16,
      maxHeaderSize: caps.maxPathFieldBytes + 1024,
    });

    let settled = false;
    let bodyBytes = 0;
    let fileBytes = 0;
    let parts = 0;
    let fileParts = 0;
    // Parts are paired by their order in the form, not by when their streams
    // end: a path field's bytes may still be arriving when its file's header
    // is read, so each file keeps the holder of the path sent before it.
    let pendingPath: PathHolder | undefined;
    const files: { path: PathHolder | Uint8Array; bytes: Uint8Array }[] = [];

    const finish = (result: ParsedBody | Error): void => {
      if (settled) return;
      settled = true;
      stream.off("data", countBody);
      stream.off("close", onClose);
      stream.unpipe(dicer);
      stream.pause();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const countBody = (chunk: Buffer): void => {
      bodyBytes += chunk.length;
      if (bodyBytes > caps.maxFormBodyBytes) finish(tooLarge());
    };
    const onClose = (): void => {
      if (!stream.readableEnded) finish(clientGone());
    };

    dicer.on("part", (part: Readable) => {
      parts += 1;
      if (parts > caps.maxFormFiles * 2) {
        finish(tooManyEntries());
        return;
      }
      part.once("header", (header: PartHeader) => {
        const disposition = header["content-disposition"]?.[0] ?? "";
        if (disposition.length > caps.maxPathFieldBytes) {
          finish(pathTooLong(Buffer.from(disposition, "latin1")));
          return;
        }
        const { value, params } = parseHeaderParams(disposition);
        const name = Buffer.from(params.get("name") ?? []).toString("latin1");
        const filename = params.get("filename");
        if (value !== "form-data") part.resume();
        else if (filename !== undefined) {
          fileParts += 1;
          if (fileParts > caps.maxFormFiles) finish(tooManyEntries());
          else collectFile(part, pendingPath ?? filename);
          pendingPath = undefined;
        } else if (name === "path") pendingPath = collectPath(part);
        else part.resume();
      });
      part.on("error", (error: Error) => finish(unreadable(error.message)));
    });
    const collectPath = (part: Readable): PathHolder => {
      const holder: PathHolder = { bytes: new Uint8Array(0) };
      const chunks: Buffer[] = [];
      let length = 0;
      part.on("data", (chunk: Buffer) => {
        length += chunk.length;
        if (length <= caps.maxPathFieldBytes) chunks.push(chunk);
        else if (!settled) finish(pathTooLong(Buffer.concat(chunks)));
      });
      part.on("end", () => {
        holder.bytes = Buffer.concat(chunks);
      });
      return holder;
    };
    const collectFile = (part: Readable, path: PathHolder | Uint8Array): void => {
      const file = { path, bytes: new Uint8Array(0) };
      files.push(file);
      const chunks: Buffer[] = [];
      part.on("data", (chunk: Buffer) => {
        fileBytes += chunk.length;
        if (fileBytes > caps.maxFormFileBytes) finish(tooLarge());
        else if (!settled) chunks.push(chunk);
      });
      part.on("end", () => {
        file.bytes = Buffer.concat(chunks);
      });
    };
    const uploads = (): UploadFile[] =>
      files.map(({ path, bytes }) => ({
        path: path instanceof Uint8Array ? path : path.bytes,
        bytes,
      }));
    dicer.on("error", (error: Error) => finish(unreadable(error.message)));
    dicer.on("finish", () => {
      // Parts end (and push their file) before the splitter finishes.
      setImmediate(() => finish({ ok: true, kind: "uploads", files: uploads() }));
    });

    // Abandoned by the caller (cut as too slow, or by a shutdown): stop reading.
    signal?.addEventListener("abort", () => finish(unreadable("abandoned")), { once: true });
    stream.on("data", countBody);
    stream.once("close", onClose);
    stream.once("error", () => finish(clientGone()));
    stream.pipe(dicer);
  });
}
