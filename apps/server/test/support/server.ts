// A real server for tests: fresh builtin and managed roots in a temp
// directory, listening on 127.0.0.1 with an ephemeral port, closed and
// removed when the test (or the suite) is done.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shelfOver, type Trust } from "@skillshelf/shelf";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { type AppOptions, buildApp, type ServerApp } from "../../src/app.js";

export type TestServer = ServerApp & {
  url: string;
  token: string;
  dir: string;
  /** The builtin root and the managed store's directory. */
  roots: { builtin: string; managed: string };
  /** Headers carrying the token. */
  auth: Record<string, string>;
  stop(): Promise<void>;
};

export const testToken = "test-token-0123456789abcdef";

/** Writes a skill folder `<root>/<id>` whose SKILL.md declares `id`. */
export async function writeSkill(
  root: string,
  id: string,
  extra: Record<string, string> = {},
): Promise<void> {
  await mkdir(join(root, id), { recursive: true });
  await writeFile(join(root, id, "SKILL.md"), `# ${id}\n\nDoes ${id}.\n`);
  for (const [path, text] of Object.entries(extra)) {
    await mkdir(join(root, id, path, ".."), { recursive: true });
    await writeFile(join(root, id, path), text);
  }
}

/**
 * A server's options; `managedDir` moves the directory store elsewhere (it is
 * not created); `trust` is the shelf's (decideTrust's answer), none by default.
 */
export type TestServerOptions = Partial<Omit<AppOptions, "shelf">> & {
  managedDir?: string;
  trust?: Trust;
};

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-server-"));
  const { managedDir, trust, ...appOptions } = options;
  const roots = {
    builtin: join(dir, "workspace", "skills"),
    managed: managedDir ?? join(dir, "data", "skills"),
  };
  await mkdir(roots.builtin, { recursive: true });
  if (managedDir === undefined) await mkdir(roots.managed, { recursive: true });
  const shelf = shelfOver(
    { builtin: roots.builtin, managed: new DirectoryStore(roots.managed) },
    "skillshelf-server test",
    trust,
  );
  const server = await buildApp({ shelf, token: testToken, logger: false, ...appOptions });
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    ...server,
    url: `http://127.0.0.1:${port}`,
    token: testToken,
    dir,
    roots,
    auth: { authorization: `Bearer ${testToken}` },
    stop: async () => {
      await server.app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The JSON of an answer, for field-by-field assertions. */
// biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field.
export const bodyOf = (response: Response): Promise<any> => response.json();
