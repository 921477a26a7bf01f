// Git repositories made here with real git, read at a branch, a tag, a commit
// and an abbreviated one, through file:// and through a real git daemon on
// 127.0.0.1: the commit read is reported, a moved or force-pushed branch and
// a deleted tag are seen as they now are, and a git read follows the folder
// rules (`path`, `skills`, links) on the blobs' own bytes.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { serveGitDaemon } from "@skillshelf/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { listBundle, message, readBundle } from "../src/index.js";
import { leftoverTemps, makeRepository } from "./support/git.js";
import { refusalOf, shapeOf } from "./support/read.js";

const skill = (name: string, body = "x\n"): Record<string, string> => ({
  [`${name}/SKILL.md`]: `# ${name}\n\n${body}`,
});

afterEach(() => {
  expect(leftoverTemps()).toEqual([]);
});

describe("a git source", () => {
  it.each([
    { name: "the default branch", ref: undefined, at: "second" },
    { name: "a branch", ref: "main", at: "second" },
    { name: "a tag", ref: "v1", at: "first" },
    { name: "an annotated tag", ref: "v1-notes", at: "first" },
    { name: "a full commit", ref: "first", at: "first" },
    { name: "an abbreviated commit", ref: "first:7", at: "first" },
  ])("is read at $name, and names the commit it read", async ({ ref, at }) => {
    const repo = makeRepository(skill("alpha"));
    const first = repo.rev("HEAD");
    repo.git("tag", "v1");
    repo.git("tag", "-a", "-m", "notes", "v1-notes");
    const second = repo.commit(skill("beta"));
    const commits: Record<string, string> = { first, second };
    const asked =
      ref === "first" ? first : ref === "first:7" ? first.slice(0, 7) : (ref ?? undefined);
    const result = await readBundle({
      kind: "git",
      url: repo.url,
      ...(asked === undefined ? {} : { ref: asked }),
    });
    expect(shapeOf(result)).toEqual(
      at === "first" ? { alpha: ["SKILL.md"] } : { alpha: ["SKILL.md"], beta: ["SKILL.md"] },
    );
    expect(result.ok && result.origin).toEqual({
      kind: "git",
      url: repo.url,
      ...(asked === undefined ? {} : { ref: asked }),
      commit: commits[at],
    });
  });

  it("sees a moved branch, a force-pushed branch and a deleted tag as they are now", async () => {
    const repo = makeRepository(skill("alpha"));
    repo.git("tag", "v1");
    const before = await readBundle({ kind: "git", url: repo.url, ref: "main" });
    expect(shapeOf(before)).toEqual({ alpha: ["SKILL.md"] });

    const moved = repo.commit(skill("beta"));
    const after = await readBundle({ kind: "git", url: repo.url, ref: "main" });
    expect(after.ok && after.origin?.commit).toBe(moved);
    expect(shapeOf(after)).toEqual({ alpha: ["SKILL.md"], beta: ["SKILL.md"] });

    // Force-pushed: main now holds an unrelated history, and the old tip is gone.
    repo.git("checkout", "-q", "--orphan", "fresh");
    repo.git("rm", "-q", "-r", "--cached", ".");
    const rewritten = repo.commit(skill("gamma"), []);
    repo.git("branch", "-M", "fresh", "main");
    repo.git("tag", "-d", "v1");
    repo.git("reflog", "expire", "--expire=now", "--all");
    repo.git("gc", "-q", "--prune=now");
    const forced = await readBundle({ kind: "git", url: repo.url, ref: "main" });
    expect(forced.ok && forced.origin?.commit).toBe(rewritten);
    expect(Object.keys(shapeOf(forced))).toContain("gamma");

    const oldTip = refusalOf(await readBundle({ kind: "git", url: repo.url, ref: moved }));
    expect(oldTip).toMatchObject({ code: "unreadable-source" });
    expect(message(oldTip)).toContain(`no branch, tag or commit '${moved}'`);
    const tag = refusalOf(await readBundle({ kind: "git", url: repo.url, ref: "v1" }));
    expect(message(tag)).toBe(
      `The source 'git+${repo.url}#v1' cannot be read (it has no branch, tag or commit 'v1'); check that it exists and that you may read it.`,
    );
  });

  it("is served by a real git daemon as git://127.0.0.1", async () => {
    const repo = makeRepository(skill("alpha"), "served");
    repo.git("tag", "v2");
    const first = repo.rev("HEAD");
    repo.commit(skill("beta"));
    const daemon = await serveGitDaemon(repo.base);
    const url = daemon.url("served");
    const tagged = await readBundle({ kind: "git", url, ref: "v2" });
    expect(shapeOf(tagged)).toEqual({ alpha: ["SKILL.md"] });
    expect(tagged.ok && tagged.origin).toEqual({ kind: "git", url, ref: "v2", commit: first });
    const pinned = await readBundle({ kind: "git", url, ref: first });
    expect(pinned.ok && pinned.origin?.commit).toBe(first);
    const missing = refusalOf(await readBundle({ kind: "git", url, ref: "no-such-branch" }));
    expect(missing.detail).toBe("it has no branch, tag or commit 'no-such-branch'");
  });

  it("takes `path` and `skills` as a folder does, and checks out only the selection", async () => {
    const repo = makeRepository(
      {
        "README.md": "a repository of skills\n",
        ...skill("skills/alpha"),
        ...skill("skills/beta"),
        ...skill("other/gamma"),
      },
      "catalog",
    );
    const url = repo.url;
    expect(shapeOf(await readBundle({ kind: "git", url }, { path: "skills" }))).toEqual({
      alpha: ["SKILL.md"],
      beta: ["SKILL.md"],
    });
    expect(shapeOf(await readBundle({ kind: "git", url }, { path: "catalog/skills" }))).toEqual({
      alpha: ["SKILL.md"],
      beta: ["SKILL.md"],
    });
    const one = await readBundle({ kind: "git", url }, { path: "skills", skills: ["beta"] });
    expect(shapeOf(one)).toEqual({ beta: ["SKILL.md"] });
    const none = refusalOf(await readBundle({ kind: "git", url }, { path: "nowhere" }));
    expect(none.code).toBe("not-in-source");
    // The whole repository holds skills under two directories: the layout is
    // decided before any stray file, and the refusal points at --path.
    const whole = refusalOf(await readBundle({ kind: "git", url }));
    expect(whole).toMatchObject({
      code: "no-skills",
      found: [
        { path: "skills", count: 2 },
        { path: "other", count: 1 },
      ],
    });
    const listed = await listBundle({ kind: "git", url: repo.url });
    expect(listed.ok && listed.listing.skills.map((s) => s.path)).toEqual([
      "skills",
      "skills",
      "other",
    ]);
  });

  it("names a skill at the repository's root after the repository", async () => {
    const repo = makeRepository(
      { "SKILL.md": "# pdf-tools\n", "run.sh": "#!/bin/sh\n" },
      "pdf-tools.git",
    );
    repo.git("update-index", "--chmod=+x", "run.sh");
    repo.git("commit", "-q", "-m", "exec");
    const result = await readBundle({ kind: "git", url: repo.url });
    expect(shapeOf(result)).toEqual({ "pdf-tools": ["SKILL.md", "run.sh"] });
    const run = result.ok ? result.skills[0]?.files[1] : undefined;
    expect(run?.executable).toBe(true);
  });

  it("reads the blobs' own bytes, whatever .gitattributes asks of a checkout", async () => {
    const repo = makeRepository({
      "alpha/.gitattributes": "* text eol=crlf\n*.md ident\n",
      ...skill("alpha", "line one\nline two $Id$\n"),
    });
    for (const path of [undefined, "alpha"]) {
      const result = await readBundle(
        { kind: "git", url: repo.url },
        path === undefined ? {} : { path },
      );
      const skill = result.ok ? result.skills[0] : undefined;
      const file = skill?.files.find((f) => f.path === "SKILL.md");
      expect(file?.text).toBe("# alpha\n\nline one\nline two $Id$\n");
    }
  });

  it("refuses a symbolic link as a link, never following it", async () => {
    const repo = makeRepository(skill("alpha"));
    symlinkSync("/etc/passwd", join(repo.path, "alpha/passwd"));
    repo.commit({});
    const refusal = refusalOf(await readBundle({ kind: "git", url: repo.url }));
    expect(refusal).toMatchObject({ code: "link", path: "skills/alpha/passwd" });
  });
});
