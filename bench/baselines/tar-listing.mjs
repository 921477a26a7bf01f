// Plain listing loops over a tar with three well-known libraries: each
// walks every entry and reads every body, and does nothing else (no path
// rules, no limits, no UTF-8 check). They are the floor the reader's
// validated read of a many-entry tar is compared with.

import { once } from "node:events";
import { parseTar } from "nanotar";
import { Parser } from "tar";
import { extract } from "tar-stream";

/** tar-stream: entry events, body chunks collected, next() after each. */
export async function listWithTarStream(bytes) {
  const extractor = extract();
  let files = 0;
  extractor.on("entry", (header, stream, next) => {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      if (header.type === "file") {
        Buffer.concat(chunks);
        files += 1;
      }
      next();
    });
  });
  const finished = once(extractor, "finish");
  extractor.end(bytes);
  await finished;
  return files;
}

/** node-tar: a Parser whose onReadEntry collects each body. */
export async function listWithNodeTar(bytes) {
  let files = 0;
  const parser = new Parser({
    onReadEntry(entry) {
      const chunks = [];
      entry.on("data", (chunk) => chunks.push(chunk));
      entry.on("end", () => {
        if (entry.type === "File") {
          Buffer.concat(chunks);
          files += 1;
        }
      });
    },
  });
  const ended = once(parser, "end");
  parser.end(bytes);
  await ended;
  return files;
}

/** nanotar: one synchronous parse into items holding their data. */
export async function listWithNanotar(bytes) {
  let files = 0;
  for (const item of parseTar(bytes)) {
    if (item.type === "file" && item.data) files += 1;
  }
  return files;
}
