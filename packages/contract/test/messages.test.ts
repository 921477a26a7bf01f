// The one refusal table: a sentence for every code on every surface that
// names what it is given, an option as that surface spells it, and the HTTP
// status and exit code each surface uses.
import { describe, expect, it } from "vitest";
import {
  type Code,
  catalogCodes,
  destinationCodes,
  exitCode,
  httpStatus,
  isRefusal,
  message,
  type Refusal,
  refusalTable,
  remoteRefusal,
  type Surface,
  sourceCodes,
  surfaces,
  toRefusal,
} from "../src/index.js";

const codes = Object.keys(refusalTable) as Code[];
const everySurface = codes.flatMap((code) => surfaces.map((surface) => ({ code, surface })));

describe("message", () => {
  it("has a row for every listed code and no other", () => {
    expect([...codes].sort()).toEqual(
      [...sourceCodes, ...destinationCodes, ...catalogCodes].sort(),
    );
  });

  it.each(everySurface)("answers $code with one sentence for the $surface", ({ code, surface }) => {
    const sentence = message({ code }, surface);
    expect(sentence.length).toBeGreaterThan(20);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(sentence).not.toMatch(/undefined|\[object/);
  });

  // A usage refusal is about the command line, which names neither a path nor a skill.
  const aboutSomething = codes.filter((code) => code !== "usage");
  it.each(aboutSomething)("names the path or skill of %s when the refusal carries them", (code) => {
    const withPath = message({ code, path: "bundle/s/notes.md" });
    const withSkill = message({ code, skill: "pdf-tools" });
    expect(withPath.includes("bundle/s/notes.md") || withSkill.includes("pdf-tools")).toBe(true);
  });

  it.each<[Refusal, RegExp]>([
    [{ code: "unsafe-path", path: "../x", why: "traversal" }, /'\.\.\/x'.*climbs out/],
    [{ code: "duplicate-path", path: "b/a.md", other: "b/A.md" }, /'b\/a\.md'.*'b\/A\.md'/],
    [{ code: "too-large", limit: 64 * 1024 * 1024 }, /64 MiB/],
    [{ code: "too-many-entries", limit: 10_000 }, /10,000/],
    [{ code: "not-utf8", path: "b/s/logo.png" }, /'b\/s\/logo\.png'.*UTF-8/],
    [{ code: "missing-skill-file", path: "b/notes", skill: "notes" }, /'notes'.*SKILL\.md/],
    [{ code: "corrupt-archive", detail: "it is truncated" }, /truncated/],
    [
      { code: "link", path: "b/s/run.sh", detail: "a symbolic link" },
      /'b\/s\/run\.sh' is a symbolic link; .*replace the link with a copy of its target/,
    ],
    [
      { code: "identity-mismatch", skill: "template", other: "template-skill" },
      /rename the folder or the archive 'template' to 'template-skill'/,
    ],
    [
      { code: "identity-mismatch", skill: "pdf", other: "pdf-tools", namedAfter: "archive" },
      /^(?!.*folder).*rename the archive 'pdf' to 'pdf-tools' \(keeping its extension/,
    ],
    [
      { code: "identity-mismatch", skill: "pdf", other: "pdf-tools", namedAfter: "folder" },
      /^(?!.*archive).*rename the folder 'pdf' to 'pdf-tools'/,
    ],
    [
      { code: "unsupported-entry", path: "b/s/x.md", detail: "it is encrypted" },
      /'b\/s\/x\.md'.*encrypted.*repack/,
    ],
    [{ code: "unreadable-source", path: "/x", detail: "permission denied, EACCES" }, /EACCES/],
  ])("says what is wrong in %o", (refusal, pattern) => {
    expect(message(refusal)).toMatch(pattern);
  });

  it("answers every source code with HTTP 422 or 413 and exit code 1", () => {
    for (const code of sourceCodes) {
      const refusal: Refusal = { code };
      expect([413, 422]).toContain(httpStatus(refusal));
      expect(exitCode(refusal)).toBe(1);
    }
    expect(httpStatus({ code: "too-large" })).toBe(413);
    expect(httpStatus({ code: "too-many-entries" })).toBe(413);
  });
});

describe("every code's status and exit code", () => {
  it.each(codes)("%s has an HTTP error status and a failing exit code", (code) => {
    const status = httpStatus({ code });
    expect([400, 404, 409, 413, 422, 500, 503].includes(status)).toBe(true);
    // 2 is the usage class: a malformed command line, or a store named by no URL.
    expect(code === "invalid-store-url" || code === "usage" ? [2] : [1, 3]).toContain(
      exitCode({ code }),
    );
  });
});

/** A refusal whose sentence names each option, and the value it names. */
const named: { option: string; refusal: Refusal }[] = [
  {
    option: "path",
    refusal: { code: "no-skills", path: "repo", found: [{ path: "skills", count: 3 }] },
  },
  { option: "skill", refusal: { code: "not-in-source", skill: "docx", held: ["pdf"] } },
  { option: "name", refusal: { code: "unnamed-skill", path: "SKILL.md" } },
  { option: "replace", refusal: { code: "already-defined", skill: "pdf" } },
];

/** How each surface spells each option in a sentence. */
const spelled: Record<Surface, Record<string, RegExp>> = {
  library: {
    path: /read it with the option path: "skills"/,
    skill: /in the option skills/,
    name: /give the archive source a name/,
    replace: /the option replace: true/,
  },
  cli: {
    path: /import with --path skills/,
    skill: /with --skill\./,
    name: /--name my-skill when reading stdin/,
    replace: /import with --replace/,
  },
  http: {
    path: /import with path=skills/,
    skill: /with skill=\./,
    name: /name=my-skill/,
    replace: /import with replace=1/,
  },
  console: {
    path: /choose the directory 'skills' in the chooser/,
    skill: /choose one of those in the chooser/,
    name: /rename the archive to a file name such as my-skill\.zip/,
    replace: /tick 'replace managed skills with the same id'/,
  },
};

describe("options, as each surface spells them", () => {
  const cases = named.flatMap(({ option, refusal }) =>
    surfaces.map((surface) => ({ option, surface, refusal })),
  );

  it.each(cases)("the $surface names $option its own way", ({ option, surface, refusal }) => {
    const sentence = message(refusal, surface);
    expect(sentence).toMatch(spelled[surface][option]!);
    const others = surfaces.filter((s) => s !== surface);
    for (const other of others) expect(sentence).not.toMatch(spelled[other][option]!);
  });

  it("words a sentence for the library when no surface is given", () => {
    for (const { refusal } of named) expect(message(refusal)).toBe(message(refusal, "library"));
  });

  it("lists in the table the options each code's sentence names", () => {
    for (const { option, refusal } of named) {
      expect(refusalTable[refusal.code].options).toContain(option);
    }
  });

  it("words a stored skill's refusal alike on every surface: no option can fix it", () => {
    const refusal: Refusal = {
      code: "identity-mismatch",
      skill: "notes",
      other: "memo",
      origin: "managed",
    };
    for (const surface of surfaces) expect(message(refusal, surface)).toBe(message(refusal));
    const importing: Refusal = { code: "identity-mismatch", skill: "notes", other: "memo" };
    expect(message(importing, "cli")).toContain("(with --path, the directory you select)");
  });

  it("words a sentence that names no option alike on every surface", () => {
    const refusal: Refusal = { code: "unsafe-path", path: "../x", why: "traversal" };
    for (const surface of surfaces) expect(message(refusal, surface)).toBe(message(refusal));
  });
});

describe("drifted and unapproved: the ways out each surface offers", () => {
  const drifted: Refusal = {
    code: "drifted",
    skill: "alpha",
    changes: [{ path: "a.md", change: "modified" }],
  };
  const unapproved: Refusal = { code: "unapproved", skill: "alpha" };

  it.each<Surface>(["library", "cli"])("names the operator's commands on the %s", (surface) => {
    expect(message(drifted, surface)).toContain(
      "run 'skillshelf update --force alpha' to take its source's bytes again, or 'skillshelf approve alpha'",
    );
    expect(message(unapproved, surface)).toContain(
      "run 'skillshelf approve alpha' after reading them",
    );
  });

  it("names the HTTP API's own ways: an import with replace, and the approve route", () => {
    expect(message(drifted, "http")).toContain("import its source again with replace=1");
    expect(message(drifted, "http")).toContain("POST /api/skills/alpha/approve");
    expect(message(drifted, "http")).not.toContain("update --force");
    expect(message(unapproved, "http")).toContain(
      "POST /api/skills/alpha/approve after reading them",
    );
  });

  it("tells a console user to drop the source again with replace ticked, and who approves", () => {
    expect(message(drifted, "console")).toContain(
      "drop its source again with 'replace managed skills with the same id' ticked",
    );
    expect(message(drifted, "console")).not.toContain("update --force");
    expect(message(unapproved, "console")).toContain(
      "have an operator run 'skillshelf approve alpha'",
    );
  });
});

describe("already-defined: where the clash lies, and no server path for a remote reader", () => {
  const one: Refusal = {
    code: "already-defined",
    skill: "pdf",
    other: "/srv/skillshelf/skills/pdf",
    origin: "managed",
  };
  const many: Refusal = {
    ...one,
    clashes: [
      { skill: "pdf", other: "/srv/skillshelf/skills/pdf", origin: "managed" },
      { skill: "house", other: "/srv/workspace/skills/house", origin: "builtin" },
    ],
  };

  it.each<Surface>(["library", "cli"])("names the server's path on the %s", (surface) => {
    expect(message(one, surface)).toContain("is already defined at /srv/skillshelf/skills/pdf;");
    expect(message(many, surface)).toContain(
      "'pdf' (at /srv/skillshelf/skills/pdf), 'house' (at /srv/workspace/skills/house) are already defined;",
    );
  });

  it.each<Surface>(["http", "console"])("names the root, not its path, over %s", (surface) => {
    expect(message(one, surface)).toContain("'pdf' is already defined in the managed store;");
    expect(message(many, surface)).toContain(
      "'pdf' (in the managed store), 'house' (in the builtin root) are already defined;",
    );
    for (const refusal of [one, many]) expect(message(refusal, surface)).not.toContain("/srv");
  });

  it("names a skill defined twice by its roots, not their paths, for a remote reader", () => {
    const twice: Refusal = {
      code: "defined-twice",
      skill: "pdf",
      path: "/srv/workspace/skills/pdf",
      other: "/srv/skillshelf/skills/pdf",
    };
    expect(message(twice, "cli")).toContain(
      "defined twice: builtin at /srv/workspace/skills/pdf, and managed at /srv/skillshelf/skills/pdf;",
    );
    for (const surface of ["http", "console"] as const) {
      expect(message(twice, surface)).toContain(
        "'pdf' is defined twice: in the builtin root and in the managed store;",
      );
    }
    expect(remoteRefusal(twice)).toEqual({ code: "defined-twice", skill: "pdf" });
  });

  it("tells a clash with one builtin skill to rename, since no replace overwrites it", () => {
    const builtin: Refusal = { ...one, other: "/srv/workspace/skills/pdf", origin: "builtin" };
    expect(message(builtin, "console")).toBe(
      "The skill 'pdf' is already defined in the builtin root, and a builtin skill is never overwritten by an import; rename it.",
    );
    expect(message(builtin, "cli")).toContain("already defined at /srv/workspace/skills/pdf, and");
  });

  it("cuts a stored skill's path to the part below its root for a remote reader", () => {
    const link: Refusal = {
      code: "link",
      skill: "notes",
      origin: "managed",
      path: "/srv/skillshelf/skills/notes/SKILL.md",
    };
    const roots = { builtin: "/srv/workspace/skills", managed: "/srv/skillshelf/skills" };
    const shown = remoteRefusal(link, roots);
    expect(shown).toEqual({ ...link, path: "notes/SKILL.md" });
    expect(message(shown, "console")).toContain("'notes/SKILL.md' is a symbolic link");
    // A path below no root named is left as it is.
    expect(remoteRefusal({ ...link, origin: "builtin" }, roots)).toEqual({
      ...link,
      origin: "builtin",
    });
  });

  it("leaves the server's places out of the refusal a remote reader is given", () => {
    expect(remoteRefusal(one)).toEqual({
      code: "already-defined",
      skill: "pdf",
      origin: "managed",
    });
    expect(JSON.stringify(remoteRefusal(many))).not.toContain("/srv");
    expect(remoteRefusal(many).clashes).toEqual([
      { skill: "pdf", origin: "managed" },
      { skill: "house", origin: "builtin" },
    ]);
    // A clash inside one bundle names no root: its words are kept.
    const twice: Refusal = {
      code: "already-defined",
      skill: "pdf",
      other: "another skill of this bundle",
    };
    expect(remoteRefusal(twice)).toEqual(twice);
    expect(message(twice, "http")).toContain("already defined at another skill of this bundle;");
    const fsRefusal: Refusal = { code: "link", path: "a/b" };
    expect(remoteRefusal(fsRefusal)).toBe(fsRefusal);
  });
});

describe("toRefusal and isRefusal", () => {
  it("passes a refusal through and turns anything else into an internal one", () => {
    const refusal: Refusal = { code: "no-skills" };
    expect(toRefusal(refusal)).toBe(refusal);
    expect(toRefusal(new Error("boom"))).toEqual({ code: "internal", detail: "boom" });
    expect(isRefusal({ code: "not-a-code" })).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });
});
