// HTTP written by hand over a TCP socket, for what fetch and node:http will
// not send: a Host header of the test's choosing, a multipart body with raw
// bytes in its headers, a body dribbled a byte at a time. The answer is read
// until the server closes the connection and split into status, headers
// and body.
import { connect, type Socket } from "node:net";

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
};

/** Parses one HTTP/1.1 answer from its bytes (no chunked decoding needed for JSON we assert on). */
export function parseAnswer(bytes: Buffer): RawAnswer {
  const end = bytes.indexOf("\r\n\r\n");
  const head = bytes.subarray(0, end === -1 ? bytes.length : end).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? "" : bytes.subarray(end + 4).toString("utf8");
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

const unchunk = (text: string): string => {
  let out = "";
  let rest = text;
  while (rest.length > 0) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) break;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
  return out;
};

/** Opens a socket to the server at `url` (http://127.0.0.1:PORT). */
export function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Collects everything the server sends until it closes the connection. */
export function readAll(socket: Socket): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.once("close", () => resolve(Buffer.concat(chunks)));
  });
}

/** Sends `head` lines and `body` on one connection marked close, and reads the answer. */
export async function sendRaw(
  url: string,
  head: readonly string[],
  body: Uint8Array = new Uint8Array(0),
): Promise<RawAnswer> {
  const socket = await open(url);
  const answer = readAll(socket);
  const lines = [...head, "Connection: close", `Content-Length: ${body.length}`, "", ""];
  socket.write(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), Buffer.from(body)]));
  return parseAnswer(await answer);
}
