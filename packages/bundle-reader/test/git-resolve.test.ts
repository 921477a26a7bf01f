// resolveGitRef asks a real repository (file:// and git daemon on
// 127.0.0.1) where a ref points, without fetching: branches, lightweight and
// annotated tags (the tag's commit), the default branch, a full commit id,
// and "cannot say" for a name that is both a branch and a tag, a missing
// ref, a refused URL and a repository that is not there; a server that
// never answers is refused as a read of it would be.
import { serveGitDaemon, serveSilence } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { resolveGitRef } from "../src/index.js";
import { leftoverTemps, makeRepository } from "./support/git.js";

const named = (commit: string | undefined) => ({ ok: true, commit });

function repository() {
  const repo = makeRepository({ "SKILL.md": "# one\n" });
  const first = repo.rev("HEAD");
  repo.git("tag", "light");
  repo.git("-c", "user.name=t", "-c", "user.email=t@t", "tag", "-a", "-m", "annotated", "v1");
  const second = repo.commit({ "SKILL.md": "# two\n" });
  repo.git("branch", "light-too");
  return { repo, first, second };
}

describe("resolveGitRef", () => {
  it("names the commit a branch, a tag (annotated: its commit) and the default branch point at", async () => {
    const { repo, first, second } = repository();
    expect(await resolveGitRef(repo.url, "main")).toEqual(named(second));
    expect(await resolveGitRef(repo.url, undefined)).toEqual(named(second));
    expect(await resolveGitRef(repo.url, "light")).toEqual(named(first));
    expect(await resolveGitRef(repo.url, "v1")).toEqual(named(first));
    expect(await resolveGitRef(repo.url, "refs/heads/main")).toEqual(named(second));
    repo.commit({ "SKILL.md": "# three\n" });
    expect(await resolveGitRef(repo.url, "main")).toEqual(named(repo.rev("HEAD")));
    expect(leftoverTemps()).toEqual([]);
  });

  it("takes a full commit id as itself, without asking", async () => {
    const gone = "0123456789abcdef0123456789abcdef01234567";
    expect(await resolveGitRef("file:///nowhere/at/all", gone)).toEqual(named(gone));
  });

  it("cannot say for an ambiguous or missing ref, a refused URL or no repository", async () => {
    const { repo } = repository();
    repo.git("tag", "main");
    expect(await resolveGitRef(repo.url, "main")).toEqual(named(undefined));
    expect(await resolveGitRef(repo.url, "no-such-ref")).toEqual(named(undefined));
    expect(await resolveGitRef(repo.url, "abc1234")).toEqual(named(undefined));
    expect(await resolveGitRef("ext::sh -c touch% /tmp/pwned", "main")).toEqual(named(undefined));
    expect(await resolveGitRef(`file://${repo.base}/missing`, "main")).toEqual(named(undefined));
    expect(leftoverTemps()).toEqual([]);
  });

  it("refuses a source that does not answer in time, as reading it would, and leaves nothing behind", async () => {
    const silent = await serveSilence();
    const answer = await resolveGitRef(`git://127.0.0.1:${silent.port}/skills`, "main", {
      timeoutMs: 500,
    });
    expect(answer).toEqual({
      ok: false,
      refusal: {
        code: "unreadable-source",
        path: `git+git://127.0.0.1:${silent.port}/skills#main`,
        detail: "git did not finish within 0.5 s",
      },
    });
    expect(silent.connections()).toBeGreaterThan(0);
    expect(leftoverTemps()).toEqual([]);
  });

  it("asks a git daemon on 127.0.0.1", async () => {
    const { repo, first } = repository();
    const served = await serveGitDaemon(repo.base);
    expect(await resolveGitRef(served.url("skills"), "v1")).toEqual(named(first));
  });
});
