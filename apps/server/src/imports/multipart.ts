// Reads a multipart/form-data import into the upload list the reader takes.
// Each file part's client-relative path is the value of the `path` field
// sent just before it, or else the part's file name (browsers send
// `webkitRelativePath` there when a form appends `(name, file, relativePath)`,
// but escape `"` and line breaks in it, so the console sends `path` fields).
// Paths are handed to the reader as the bytes the client sent: busboy decodes
// field values and file names as Latin-1 here, which maps each byte to one
// character and back, so a name that is not UTF-8 reaches the reader's path
// rule (`unsafe-path`, why `not-utf8`) instead of being repaired to U+FFFD.
// Parts, file bytes and the whole body are counted while streaming and cut
// at the caps; a form that ends before its closing boundary is refused, never
// read as a shorter bundle.
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { limits, type Refusal, type UploadFile } from "@skillshelf/bundle-reader";
import busboy, { type Busboy } from "busboy";
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

/** The bytes of a value busboy decoded as Latin-1 (one character per byte). */
const bytesOf = (latin1: string): Uint8Array => Buffer.from(latin1, "latin1");

const pathTooLong = (value: Uint8Array): ParsedBody => {
  const refusal: Refusal = {
    code: "unsafe-path",
    why: "path-too-long",
    path: `${Buffer.from(value).toString("utf8").slice(0, 80)}…`,
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
    let pendingPath: Uint8Array | undefined;
    const files: UploadFile[] = [];
    const reading: Promise<void>[] = [];

    let form: Busboy;
    try {
      form = busboy({
        headers,
        preservePath: true,
        defCharset: "latin1",
        defParamCharset: "latin1",
        limits: {
          files: caps.maxFormFiles,
          fields: caps.maxFormFiles,
          parts: caps.maxFormFiles * 2,
          fileSize: caps.maxFormFileBytes,
          fieldSize: caps.maxPathFieldBytes,
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
      stream.unpipe(form);
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

    form.on("field", (name, value, info) => {
      if (name !== "path") return;
      if (info.valueTruncated) finish(pathTooLong(bytesOf(value)));
      else pendingPath = bytesOf(value);
    });
    form.on("file", (_field, file, info) => {
      const path = pendingPath ?? bytesOf(info.filename ?? "");
      pendingPath = undefined;
      reading.push(collectFile(file, path));
    });
    const collectFile = (file: Readable, path: Uint8Array): Promise<void> =>
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
    form.on("filesLimit", () => finish(tooManyEntries()));
    form.on("fieldsLimit", () => finish(tooManyEntries()));
    form.on("partsLimit", () => finish(tooManyEntries()));
    form.on("error", (error: Error) => finish(unreadable(error.message)));
    form.on("close", () => {
      void Promise.all(reading).then(() => finish({ ok: true, kind: "uploads", files }));
    });

    stream.on("data", countBody);
    stream.once("close", onClose);
    stream.once("error", () => finish(clientGone()));
    stream.pipe(form);
  });
}
