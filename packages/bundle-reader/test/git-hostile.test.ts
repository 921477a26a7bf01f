// Git sources that try something: credentials in the URL (sent to the server,
// shown nowhere), the ext:: transport and option-shaped refs (refused before
// git runs, nothing created), hooks from the user's configuration and a
// template (never run), a submodule (refused, never fetched), a tree over the
// entry or byte limits (refused before checkout), a server that accepts and
// never answers (cut at the timeout), an abort, git missing from PATH, and
// stale temporary directories of a killed process (swept). After each case
// no temporary directory of this process is left.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTempDir, serveGitHttp, serveSilence, writeTree } from "@skillshelf/test-utils";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { GIT_TEMP_PREFIX, limits, message, readBundle } from "../src/index.js";
import { leftoverTemps, makeRepository } from "./support/git.js";
import { refusalOf, shapeOf } from "./support/read.js";

const skill = (name: string): Record<string, string> => ({ [`${name}/SKILL.md`]: `# ${name}\n` });

afterEach(async () => {
  vi.unstubAllEnvs();
  // An aborted read removes its directory once git has been killed, just after it rejects.
  await vi.waitFor(() => expect(leftoverTemps()).toEqual([]), { timeout: 3000 });
});

/** Everything this process writes to stdout and stderr while `run` runs. */
async function printedDuring<T>(run: () => Promise<T>): Promise<{ value: T; printed: string }> {
  const chunks: string[] = [];
  const keep = (chunk: unknown): boolean => {
    chunks.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(keep);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(keep);
  try {
    return { value: await run(), printed: chunks.join("") };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe("credentials in a URL", () => {
  it("reach the server and appear in no refusal, message or printed line", async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      const auth = request.headers.authorization;
      if (auth === undefined) {
        response.writeHead(401, { "WWW-Authenticate": 'Basic realm="x"' }).end();
      } else {
        seen.push(Buffer.from(auth.replace(/^Basic /, ""), "base64").toString());
        response.writeHead(403).end("forbidden for alice:s3cret-token-9f");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as { port: number };
    const url = `http://alice:s3cret-token-9f@127.0.0.1:${port}/team/skills.git`;
    const { value, printed } = await printedDuring(() =>
      readBundle({ kind: "git", url, ref: "main" }, { gitTimeoutMs: 20_000 }),
    );
    expect(seen).toContain("alice:s3cret-token-9f");
    const refusal = refusalOf(value);
    const everything = `${JSON.stringify(refusal)} ${message(refusal)} ${printed}`;
    expect(everything).not.toContain("s3cret");
    expect(everything).not.toContain("alice");
    expect(refusal.path).toBe(`git+http://127.0.0.1:${port}/team/skills.git#main`);
  });

  it("open a private repository over smart HTTP, and leave no trace in the result", async () => {
    const repo = makeRepository(skill("alpha"));
    const served = await serveGitHttp(repo.base, { user: "alice", password: "s3cret-token-9f" });
    const url = `http://alice:s3cret-token-9f@127.0.0.1:${served.port}/skills`;
    const { value, printed } = await printedDuring(() => readBundle({ kind: "git", url }));
    expect(shapeOf(value)).toEqual({ alpha: ["SKILL.md"] });
    expect(value.ok && value.origin).toEqual({
      kind: "git",
      url: `http://127.0.0.1:${served.port}/skills`,
      commit: repo.rev("HEAD"),
    });
    expect(`${JSON.stringify(value)} ${printed}`).not.toMatch(/s3cret|alice/);
    // Without them, git may not ask: the read is refused, not left waiting on a prompt.
    const anonymous = refusalOf(await readBundle({ kind: "git", url: served.url("skills") }));
    expect(anonymous.code).toBe("unreadable-source");
    expect(served.refused()).toBeGreaterThan(0);
  });

  it("are stripped from a spec refused before git runs and from a timeout", async () => {
    const silent = await serveSilence();
    const url = `https://bob:tok3n-abcdef@127.0.0.1:${silent.port}/x.git`;
    const bad = refusalOf(await readBundle({ kind: "git", url, ref: "-oops" }));
    const slow = refusalOf(await readBundle({ kind: "git", url }, { gitTimeoutMs: 800 }));
    for (const refusal of [bad, slow]) {
      expect(`${JSON.stringify(refusal)} ${message(refusal)}`).not.toMatch(/tok3n|bob/);
    }
  });
});

describe("commands smuggled in", () => {
  it.each([
    { name: "ext:: as a URL", url: "ext::sh -c touch% MARK", ref: undefined },
    {
      name: "git+ext:: spelled as a spec's URL",
      url: "git+ext::sh -c touch% MARK",
      ref: undefined,
    },
    { name: "fd::", url: "fd::3", ref: undefined },
    { name: "an option as a ref", url: "file:///nowhere", ref: "--upload-pack=touch MARK" },
    {
      name: "an ssh host that is an option",
      url: "ssh://-oProxyCommand=touch MARK/x",
      ref: undefined,
    },
  ])("$name is refused and runs nothing", async ({ url, ref }) => {
    const mark = join(makeTempDir(), "pwned");
    const spelled = url.replaceAll("MARK", mark);
    const result = await readBundle({
      kind: "git",
      url: spelled,
      ...(ref === undefined ? {} : { ref: ref.replace("MARK", mark) }),
    });
    expect(refusalOf(result).code).toBe("unreadable-source");
    expect(existsSync(mark)).toBe(false);
  });
});

describe("hooks", () => {
  it("from the user's configuration, a template or the source never run", async () => {
    const home = makeTempDir();
    const mark = join(home, "hook-ran");
    const hook = `#!/bin/sh\necho "$0" >> ${mark}\n`;
    const names = ["post-checkout", "reference-transaction", "post-index-change", "post-merge"];
    const hooks = writeTree(join(home, "hooks"), Object.fromEntries(names.map((n) => [n, hook])));
    const template = writeTree(
      join(home, "template"),
      Object.fromEntries(names.map((n) => [`hooks/${n}`, hook])),
    );
    for (const n of names) {
      execFileSync("chmod", ["+x", join(hooks, n), join(template, "hooks", n)]);
    }
    writeFileSync(
      join(home, ".gitconfig"),
      `[core]\n\thooksPath = ${hooks}\n[init]\n\ttemplateDir = ${template}\n`,
    );
    const repo = makeRepository(skill("alpha"));
    // The user's setup is live: a plain clone under it runs the hooks.
    execFileSync("git", ["clone", "-q", repo.url, join(home, "clone")], {
      env: { ...process.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, ".gitconfig") },
    });
    expect(existsSync(mark)).toBe(true);
    rmSync(mark);

    vi.stubEnv("HOME", home);
    vi.stubEnv("GIT_CONFIG_GLOBAL", join(home, ".gitconfig"));
    vi.stubEnv("GIT_TEMPLATE_DIR", template);
    const result = await readBundle({ kind: "git", url: repo.url });
    expect(shapeOf(result)).toEqual({ alpha: ["SKILL.md"] });
    expect(existsSync(mark)).toBe(false);
  });
});

describe("a submodule", () => {
  it("is refused where it lies in the selection, and never fetched", async () => {
    const inner = makeRepository(skill("inner"), "inner");
    const repo = makeRepository({ ...skill("alpha"), ...skill("beta") });
    writeTree(repo.path, {
      ".gitmodules": `[submodule "lib"]\n\tpath = alpha/lib\n\turl = ${inner.path}\n`,
    });
    repo.git("update-index", "--add", "--cacheinfo", `160000,${inner.rev("HEAD")},alpha/lib`);
    repo.git("add", ".gitmodules");
    repo.git("commit", "-q", "-m", "submodule");
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }));
    expect(refusal).toMatchObject({ code: "not-regular-file", path: "skills/alpha/lib" });
    expect(message(refusal)).toContain("a git submodule, which is never fetched");
    const beside = await readBundle({ kind: "git", url: repo.url }, { path: "beta" });
    expect(shapeOf(beside)).toEqual({ beta: ["SKILL.md"] });
  });
});

describe("a file kept in Git LFS", () => {
  it("is refused as its pointer, never read in the file's place", async () => {
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${"a".repeat(64)}\nsize 12345\n`;
    const repo = makeRepository({
      ...skill("alpha"),
      ".gitattributes": "*.pdf filter=lfs diff=lfs merge=lfs -text\n",
      "alpha/manual.pdf": pointer,
    });
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }, { path: "alpha" }));
    expect(refusal).toMatchObject({ code: "not-regular-file", path: "skills/alpha/manual.pdf" });
    expect(message(refusal)).toContain("a Git LFS pointer, whose content is never fetched");
  });
});

/** A commit whose root tree holds `count` paths, all the one blob `body`; made without a checkout. */
function commitMany(path: string, count: number, body: string): void {
  const git = (args: string[], input?: string): string =>
    execFileSync("git", ["-C", path, ...args], {
      input,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
      },
      maxBuffer: 1 << 30,
    })
      .toString()
      .trim();
  const blob = git(["hash-object", "-w", "--stdin"], body);
  const lines = Array.from(
    { length: count },
    (_, i) => `100644 blob ${blob}\tf${String(i).padStart(6, "0")}.md\n`,
  );
  const tree = git(["mktree"], lines.join(""));
  const commit = git(["commit-tree", tree, "-p", "HEAD", "-m", "many"]);
  git(["update-ref", "refs/heads/main", commit]);
}

describe("the limits", () => {
  it("refuse a tree of 10,001 entries, and leave no directory behind", async () => {
    const repo = makeRepository(skill("alpha"));
    commitMany(repo.path, limits().maxEntries + 1, "# x\n");
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }));
    expect(refusal).toEqual({ code: "too-many-entries", limit: 10_000 });
  });

  it("refuse a tree that expands past 64 MiB from a tiny pack (one blob, many paths)", async () => {
    const repo = makeRepository(skill("alpha"));
    commitMany(repo.path, 65, "a".repeat(1024 * 1024));
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }));
    expect(refusal).toEqual({ code: "too-large", limit: limits().maxBytes });
  });
});

describe("a server that never answers", () => {
  it.each([
    { name: "git://", url: (port: number) => `git://127.0.0.1:${port}/skills` },
    { name: "http://", url: (port: number) => `http://127.0.0.1:${port}/skills.git` },
  ])("over $name is given up at the timeout", async ({ url }) => {
    const silent = await serveSilence();
    const started = performance.now();
    const result = await readBundle({ kind: "git", url: url(silent.port) }, { gitTimeoutMs: 1000 });
    const took = performance.now() - started;
    expect(refusalOf(result)).toMatchObject({
      code: "unreadable-source",
      detail: "git did not finish within 1 s",
    });
    expect(silent.connections()).toBeGreaterThan(0);
    expect(took).toBeLessThan(6000);
  });

  it("is let go when the read is aborted", async () => {
    const silent = await serveSilence();
    const controller = new AbortController();
    const reason = new Error("enough");
    setTimeout(() => controller.abort(reason), 300);
    const read = readBundle(
      { kind: "git", url: `git://127.0.0.1:${silent.port}/skills` },
      { signal: controller.signal, gitTimeoutMs: 30_000 },
    );
    await expect(read).rejects.toBe(reason);
  });
});

describe("the machine", () => {
  it("without git on PATH gives a refusal that names git", async () => {
    const repo = makeRepository(skill("alpha"));
    vi.stubEnv("PATH", makeTempDir());
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }));
    expect(message(refusal)).toBe(
      `The source 'git+${repo.url}' cannot be read (git is not installed or not on PATH, and a git source needs it); check that it exists and that you may read it.`,
    );
  });

  it("sweeps the directories a killed reader left, and no live process's", async () => {
    const dead = spawn("true");
    await new Promise((resolve) => dead.on("exit", resolve));
    const live = spawn("sleep", ["30"], { stdio: "ignore" });
    onTestFinished(() => {
      live.kill("SIGKILL");
    });
    const stale = mkdtempSync(join(tmpdir(), `${GIT_TEMP_PREFIX}${dead.pid}-`));
    mkdirSync(join(stale, "repository.git"));
    const kept = mkdtempSync(join(tmpdir(), `${GIT_TEMP_PREFIX}${live.pid}-`));
    onTestFinished(() => rmSync(kept, { recursive: true, force: true }));
    const repo = makeRepository(skill("alpha"));
    expect((await readBundle({ kind: "git", url: repo.url })).ok).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(kept)).toBe(true);
  });
});
