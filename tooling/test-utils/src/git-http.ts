// git's smart HTTP protocol on 127.0.0.1 for tests of git sources: every
// request is handed to the real `git http-backend` (as CGI), behind HTTP
// basic authentication when a user and password are given, so a test can
// fetch a private repository with credentials in its URL. Closed when the
// current test finishes.
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { onTestFinished } from "vitest";

export type GitHttp = { port: number; url: (repository: string) => string; refused: () => number };

/** Serves the repositories below `base` over smart HTTP, requiring `login` when given. */
export async function serveGitHttp(
  base: string,
  login?: { user: string; password: string },
): Promise<GitHttp> {
  let refused = 0;
  const expected =
    login === undefined
      ? undefined
      : `Basic ${Buffer.from(`${login.user}:${login.password}`).toString("base64")}`;
  const server = createServer((request, response) => {
    if (expected !== undefined && request.headers.authorization !== expected) {
      refused += 1;
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"' }).end();
      return;
    }
    runBackend(base, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: (repository) => `http://127.0.0.1:${port}/${repository}`,
    refused: () => refused,
  };
}

function runBackend(base: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const backend = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: base,
      GIT_HTTP_EXPORT_ALL: "1",
      REQUEST_METHOD: request.method ?? "GET",
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.replace(/^\?/, ""),
      CONTENT_TYPE: request.headers["content-type"] ?? "",
      HTTP_GIT_PROTOCOL: String(request.headers["git-protocol"] ?? ""),
      HTTP_CONTENT_ENCODING: String(request.headers["content-encoding"] ?? ""),
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "ignore"],
  });
  request.pipe(backend.stdin);
  let head = Buffer.alloc(0);
  let started = false;
  backend.stdout.on("data", (chunk: Buffer) => {
    if (started) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end === -1) return;
    started = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else response.setHeader(name, value);
    }
    response.writeHead(status);
    response.write(head.subarray(end + 4));
  });
  backend.on("close", () => response.end());
}
