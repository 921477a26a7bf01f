// Types for the part splitter @fastify/busboy ships (and tests) inside its
// package but does not declare: only what multipart.ts uses.
declare module "@fastify/busboy/deps/dicer/lib/Dicer.js" {
  import type { Writable } from "node:stream";

  type DicerConfig = { boundary: string; maxHeaderPairs?: number; maxHeaderSize?: number };

  export default class Dicer extends Writable {
    constructor(config: DicerConfig);
  }
}
