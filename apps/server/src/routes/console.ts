// The web console: its static files (the page, its modules, the stylesheet) read once at start from `public/`,
// served by name from a fixed list, so no request path ever reaches the file
// system. The page takes its token from the URL fragment, which browsers
// never send, so it appears in no request line and no log.
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

const consoleFiles: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/console.js": { file: "console.js", type: "text/javascript; charset=utf-8" },
  "/api.js": { file: "api.js", type: "text/javascript; charset=utf-8" },
  "/dom.js": { file: "dom.js", type: "text/javascript; charset=utf-8" },
  "/events.js": { file: "events.js", type: "text/javascript; charset=utf-8" },
  "/catalog-view.js": { file: "catalog-view.js", type: "text/javascript; charset=utf-8" },
  "/skill-view.js": { file: "skill-view.js", type: "text/javascript; charset=utf-8" },
  "/upload.js": { file: "upload.js", type: "text/javascript; charset=utf-8" },
  "/choose.js": { file: "choose.js", type: "text/javascript; charset=utf-8" },
  "/console.css": { file: "console.css", type: "text/css; charset=utf-8" },
  "/favicon.svg": { file: "favicon.svg", type: "image/svg+xml" },
};

/** The directory the console's files ship in, beside `dist/` and `src/`. */
export const publicDir: URL = new URL("../../public/", import.meta.url);

/** Registers GET / and the console's assets. */
export function registerConsoleRoutes(app: FastifyInstance, dir: URL = publicDir): void {
  for (const [route, { file, type }] of Object.entries(consoleFiles)) {
    const bytes = readFileSync(new URL(file, dir));
    app.get(route, async (_request, reply) =>
      reply.type(type).header("cache-control", "no-cache").send(bytes),
    );
  }
}
