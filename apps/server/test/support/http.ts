// A client that keeps sending: node:http with a body written chunk by chunk
// until the server answers or cuts the connection, so a test can show that
// an oversized or endless upload is answered early and read no further.
import { request } from "node:http";

export type EarlyAnswer = {
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes the client managed to hand to the socket before the answer or the cut. */
  sent: number;
};

/**
 * Sends `first`, then `chunk` over and over (at most `maxChunks` times,
 * endlessly by default), and resolves with the answer, or with no status if
 * the server closed the connection without one.
 */
export function sendUntilAnswered(
  url: string,
  headers: Record<string, string>,
  chunk: Uint8Array,
  { first, maxChunks = Number.POSITIVE_INFINITY }: { first?: string; maxChunks?: number } = {},
): Promise<EarlyAnswer> {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers });
    if (first !== undefined) req.write(first);
    const write = (): void => {
      while (!answered && sent / chunk.length < maxChunks) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      response.on("end", () => {
        resolve({ status: response.statusCode, headers: response.headers, body, sent });
        req.destroy();
      });
    });
    req.on("error", () => {
      if (!answered) resolve({ status: undefined, headers: {}, body: "", sent });
    });
    write();
  });
}
