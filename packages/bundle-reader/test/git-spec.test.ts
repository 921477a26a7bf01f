// The git source specs, as a person types them: which forms are read, which
// URL git is given and what is shown (credentials stripped), and which forms
// are refused before git ever runs, with the reason in the refusal.
import { describe, expect, it } from "vitest";
import { isGitSpec, message, parseGitSource } from "../src/index.js";

describe("parseGitSource", () => {
  it.each([
    {
      spec: "github:skillshelf/examples#v1.2.0",
      url: "https://github.com/skillshelf/examples.git",
      ref: "v1.2.0",
      display: "github:skillshelf/examples#v1.2.0",
    },
    {
      spec: "github:skillshelf/examples.git",
      url: "https://github.com/skillshelf/examples.git",
      ref: undefined,
      display: "github:skillshelf/examples.git",
    },
    {
      spec: "git+https://git.example.com/team/skills.git#main",
      url: "https://git.example.com/team/skills.git",
      ref: "main",
      display: "git+https://git.example.com/team/skills.git#main",
    },
    {
      spec: "git+https://alice:s3cret@git.example.com/team/skills.git#release/2",
      url: "https://alice:s3cret@git.example.com/team/skills.git",
      ref: "release/2",
      display: "git+https://git.example.com/team/skills.git#release/2",
    },
    {
      spec: "git+https://ghp_token123@github.com/o/r.git",
      url: "https://ghp_token123@github.com/o/r.git",
      ref: undefined,
      display: "git+https://github.com/o/r.git",
    },
    {
      spec: "git+ssh://git@github.com/o/r.git#0123abc",
      url: "ssh://git@github.com/o/r.git",
      ref: "0123abc",
      display: "git+ssh://git@github.com/o/r.git#0123abc",
    },
    {
      spec: "git+ssh://git:pw@host.example/r.git",
      url: "ssh://git:pw@host.example/r.git",
      ref: undefined,
      display: "git+ssh://git@host.example/r.git",
    },
    {
      spec: "git+file:///srv/git/skills.git#",
      url: "file:///srv/git/skills.git",
      ref: undefined,
      display: "git+file:///srv/git/skills.git",
    },
    {
      spec: "git+git://127.0.0.1:9418/skills#v1",
      url: "git://127.0.0.1:9418/skills",
      ref: "v1",
      display: "git+git://127.0.0.1:9418/skills#v1",
    },
  ])("reads $spec", ({ spec, url, ref, display }) => {
    expect(isGitSpec(spec)).toBe(true);
    const parsed = parseGitSource(spec);
    expect(parsed).toEqual(
      ref === undefined ? { ok: true, url, display } : { ok: true, url, ref, display },
    );
  });

  it.each([
    { spec: "git+ext::sh -c touch% /tmp/pwned", why: "transports written <transport>::<address>" },
    { spec: "git+fd::3", why: "transports written <transport>::<address>" },
    { spec: "git+https::example.com/x", why: "transports written <transport>::<address>" },
    { spec: "git+ftp://example.com/x.git", why: "the ftp transport is not used" },
    { spec: "git+https://example.com/", why: "the URL names no repository" },
    { spec: "git+file://otherhost/srv/x", why: "a file URL names a path on this machine" },
    { spec: "git+ssh://-oProxyCommand=x/y", why: "the URL names no usable host" },
    { spec: "git+git://u:p@127.0.0.1/x", why: "the git transport takes no credentials" },
    { spec: "git+https://example.com/a b.git", why: "the URL holds a space" },
    { spec: "git+https://example.com/x.git#--upload-pack=touch", why: "begins with '-'" },
    {
      spec: "git+https://example.com/x.git#a..b",
      why: "is not a valid branch, tag or commit name",
    },
    {
      spec: "git+https://example.com/x.git#HEAD@{1}",
      why: "is not a valid branch, tag or commit name",
    },
    { spec: "git+https://example.com/x.git#a b", why: "the ref holds a space" },
    { spec: "github:owner", why: "a GitHub source is github:<owner>/<repository>" },
    { spec: "github:-owner/repo", why: "a GitHub source is github:<owner>/<repository>" },
    { spec: "github:owner/../x", why: "a GitHub source is github:<owner>/<repository>" },
    { spec: "git+", why: "the URL cannot be parsed" },
  ])("refuses $spec", ({ spec, why }) => {
    const parsed = parseGitSource(spec);
    if (parsed.ok) expect.fail(`expected a refusal, got ${JSON.stringify(parsed)}`);
    expect(parsed.refusal.code).toBe("unreadable-source");
    expect(parsed.refusal.detail).toContain(why);
    expect(message(parsed.refusal)).toContain(why);
  });

  it("shows no credentials in a refused spec either", () => {
    const parsed = parseGitSource("git+https://alice:s3cret@example.com/x.git#-x");
    if (parsed.ok) expect.fail("expected a refusal");
    expect(JSON.stringify(parsed.refusal)).not.toMatch(/alice|s3cret/);
    expect(parsed.refusal.path).toBe("git+https://example.com/x.git#-x");
  });

  it.each(["./skills", "skills.tgz", "https://example.com/x.tgz", "-", "gitlab:o/r"])(
    "leaves %s to the other sources",
    (spec) => {
      expect(isGitSpec(spec)).toBe(false);
    },
  );
});
