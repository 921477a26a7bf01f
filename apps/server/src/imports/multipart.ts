// Reads a multipart/form-data import into the upload list the reader takes.
// Each file part's client-relative path is the value of the `path` field
// sent just before it, or else the part's file name (browsers send
// `webkitRelativePath` there when a form appends `(name, file, relativePath)`,
// but escape `"` and line breaks in it, so the console sends `path` fields).
// Parts, file bytes and the whole body are counted while streaming and cut
// at the caps; a form that ends before its closing boundary is refused, never
// read as a shorter bundle.
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { limits, type Refusal, type UploadFile } from "@skillshelf/bundle-reader";
import { clientGone } from "../errors.js";
import type { ImportCaps } from "./caps.js";
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

const pathTooLong = (value: string): ParsedBody => {
  const refusal: Refusal = {
    code: "unsafe-path",
    why: "path-too-long",
    path: `${value.slice(0, 80)}…`,
  };
  return { ok: false, refusal };
};

/** Reads a form into uploads, or the refusal its size or shape earns. Rejects if the client goes away. */
export function readForm(
  stream: Readable,
  headers: IncomingHttpHeaders,
  caps: ImportCaps,
): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let bodyBytes = 0;
    let fileBytes = 0;
    let pendingPath: string | undefined;
    const files: UploadFile[] = [];
    const reading: Promise<void>[] = [];

    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: headers as IncomingHttpHeaders & { "content-type": string },
        preservePath: true,
        defCharset: "utf8",
        limits: {
          files: caps.maxFormFiles,
          fields: caps.maxFormFiles,
          parts: caps.maxFormFiles * 2,
          fileSize: caps.maxFormFileBytes,
          fieldSize: caps.maxPathFieldBytes,
          headerSize: caps.maxPathFieldBytes + 1024,
        },
      });
    } catch (error) {
      resolve(unreadable((error as Error).message));
      return;
    }

    const finish = (result: ParsedBody | Error): void => {
      if (settled) return;
      settled = true;
      stream.off("data", countBody);
      stream.off("close", onClose);
      stream.unpipe(busboy);
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

    busboy.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (name !== "path") return;
      if (valueTruncated) finish(pathTooLong(value));
      else pendingPath = value;
    });
    busboy.on("file", (_field, file: BusboyFileStream, filename) => {
      const path = pendingPath ?? filename ?? "";
      pendingPath = undefined;
      reading.push(collectFile(file, path));
    });
    const collectFile = (file: BusboyFileStream, path: string): Promise<void> =>
      new Promise((done) => {
        const chunks: Buffer[] = [];
        file.on("data", (chunk: Buffer) => {
          fileBytes += chunk.length;
          if (fileBytes > caps.maxFormFileBytes) finish(tooLarge());
          else if (!settled) chunks.push(chunk);
        });
        file.on("limit", () => finish(tooLarge()));
        file.on("error", (error: Error) => finish(unreadable(error.message)));
        file.on("end", () => {
          files.push({ path, bytes: Buffer.concat(chunks) });
          done();
        });
      });
    busboy.on("filesLimit", () => finish(tooManyEntries()));
    busboy.on("fieldsLimit", () => finish(tooManyEntries()));
    busboy.on("partsLimit", () => finish(tooManyEntries()));
    busboy.on("error", (error: Error) => finish(unreadable(error.message)));
    busboy.on("finish", () => {
      void Promise.all(reading).then(() => finish({ ok: true, kind: "uploads", files }));
    });

    stream.on("data", countBody);
    stream.once("close", onClose);
    stream.once("error", () => finish(clientGone()));
    stream.pipe(busboy);
  });
}
