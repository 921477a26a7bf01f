// Request bodies for tests: tar, tar.gz and zip archives of a few text files,
// multipart forms in the console's shape (a `path` field before each file),
// and endless or oversized streams made by generators.
import { gzipSync } from "node:zlib";
import type { UploadFile } from "@skillshelf/bundle-reader";
import { buildTar, buildZip, type Case } from "@skillshelf/conformance";

const encoder = new TextEncoder();

/** A tar of `files` (path -> text), each below the wrapper folder `root`. */
export function tarOf(root: string, files: Record<string, string>): Uint8Array {
  const c: Case = {
    name: root,
    root,
    entries: Object.entries(files).map(([path, text]) => ({ path, text })),
    verdict: { ok: false, code: "no-skills" },
  };
  return buildTar(c);
}

export function tgzOf(root: string, files: Record<string, string>): Uint8Array {
  return gzipSync(tarOf(root, files));
}

/** The same bundle as a zip, as `zip -r` would write it. */
export function zipOf(root: string, files: Record<string, string>): Uint8Array {
  const entries = Object.entries(files).map(([path, text]) => ({ path, text }));
  return buildZip({ name: root, root, entries, verdict: { ok: false, code: "no-skills" } });
}

/** A skill's files as a bundle: `<id>/SKILL.md` declaring the id, and extras. */
export function skillFiles(id: string, extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = { [`${id}/SKILL.md`]: `# ${id}\n\nDoes ${id}.\n` };
  for (const [path, text] of Object.entries(extra)) files[`${id}/${path}`] = text;
  return files;
}

/** A form in the console's shape: `path` then `file` for each upload. */
export function formOf(files: readonly UploadFile[]): FormData {
  const form = new FormData();
  for (const file of files) {
    // FormData sends text as UTF-8; a path given as other bytes needs a raw body (rawFormOf).
    if (typeof file.path !== "string") throw new Error("formOf takes text paths only");
    form.append("path", file.path);
    form.append("file", new Blob([file.bytes]), file.path);
  }
  return form;
}

/**
 * A multipart body written byte by byte, for what FormData cannot send: each
 * part's file name is given as raw bytes in its Content-Disposition header.
 */
export function rawFormOf(
  parts: readonly { filename: Uint8Array; bytes: Uint8Array }[],
  boundary = "skillshelf-raw-boundary",
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    );
    chunks.push(Buffer.from(part.filename));
    chunks.push(Buffer.from('"\r\nContent-Type: application/octet-stream\r\n\r\n'));
    chunks.push(Buffer.from(part.bytes), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadsOf(
  root: string,
  files: Record<string, string>,
): { path: string; bytes: Uint8Array }[] {
  return Object.entries(files).map(([path, text]) => ({
    path: `${root}/${path}`,
    bytes: encoder.encode(text),
  }));
}

/** A body stream of `chunks` chunks of `size` bytes each (endless when chunks is Infinity). */
export function streamOf(chunkSize: number, chunks: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(chunkSize).fill(120);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= chunks) {
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(chunk);
    },
  });
}
