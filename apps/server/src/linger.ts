// What happens to the rest of a body the server answered early (401, 413,
// 503, a refused form): it is never buffered, and the connection is closed
// soon, but not at once. Closing a socket while the client is still sending
// makes the kernel reset the connection, and a reset can wipe the answer
// from the client's receive buffer before it is read; so the server sends
// its answer with `Connection: close`, shuts its side, discards incoming
// bytes for a moment (a "lingering close", as web servers do), then cuts the
// connection. A client sending 10 GiB costs at most `maxBytes` of discarded
// reading and `maxMs` of time, never memory.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

export type LingerOptions = { maxMs: number; maxBytes: number };

const hasBody = (request: FastifyRequest): boolean => {
  const { headers } = request;
  return (
    headers["transfer-encoding"] !== undefined ||
    (headers["content-length"] !== undefined && headers["content-length"] !== "0")
  );
};

/** Half-closes the socket, discards what still arrives, and destroys it at the first limit. */
function linger(socket: Socket, body: IncomingMessage, options: LingerOptions): void {
  let discarded = 0;
  const cut = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, options.maxMs);
  timer.unref();
  body.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > options.maxBytes) cut();
  });
  body.once("end", cut);
  body.resume();
  socket.end();
}

/** Answers requests whose body was not read to the end with Connection: close, then lingers. */
export function cutUnreadBodies(app: FastifyInstance, options: LingerOptions): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.raw.complete || !hasBody(request)) return payload;
    reply.header("connection", "close");
    // Node destroys the socket right after an answer marked close; linger instead.
    const socket = request.raw.socket;
    socket.destroySoon = () => linger(socket, request.raw, options);
    return payload;
  });
}
