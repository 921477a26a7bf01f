import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { message, type Refusal } from "@skillshelf/contract";
import { revisionOf } from "@skillshelf/skill-catalog";
import { describe, expect, it } from "vitest";
import { materialize, type Payload, readPayload } from "../src/index.js";
import { makeRoots, makeTempDir, skillText } from "./trees.js";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

type Tamper = {
  name: string;
  edit: (payload: Payload & Record<string, unknown>, raw: string) => string;
  refusal: Partial<Refusal> & { code: Refusal["code"] };
};

const json = (value: unknown): string => JSON.stringify(value);

const tampers: Tamper[] = [
  {
    name: "a changed body",
    edit: (p) =>
      json({ ...p, skills: [{ ...p.skills[0]!, text: "# alpha\n\nEvil.\n" }, p.skills[1]] }),
    refusal: { code: "digest-mismatch", skill: "alpha" },
  },
  {
    name: "a changed digest",
    edit: (p) => json({ ...p, skills: [p.skills[0], { ...p.skills[1]!, digest: sha256("x") }] }),
    refusal: { code: "digest-mismatch", skill: "beta" },
  },
  {
    name: "a changed body with its digest to match",
    edit: (p) => {
      const text = "# alpha\n\nEvil.\n";
      return json({ ...p, skills: [{ ...p.skills[0]!, text, digest: sha256(text) }, p.skills[1]] });
    },
    // The manifest still names the old SKILL.md, so the skill is caught before the revision.
    refusal: {
      code: "invalid-payload",
      detail: "skills[0] ('alpha'): its files' SKILL.md is not the body the digest describes",
    },
  },
  {
    name: "a file of the manifest changed without its tree digest",
    edit: (p) => {
      const [first, second] = p.skills;
      const files = first!.files.map((file) => ({ ...file, executable: !file.executable }));
      return json({ ...p, skills: [{ ...first!, files }, second] });
    },
    refusal: {
      code: "invalid-payload",
      detail: "skills[0] ('alpha'): its treeDigest is not the digest over its files",
    },
  },
  {
    name: "a changed revision",
    edit: (p) => json({ ...p, revision: sha256("another revision") }),
    refusal: { code: "revision-mismatch" },
  },
  {
    name: "a skill removed",
    edit: (p) => json({ ...p, skills: [p.skills[0]] }),
    refusal: { code: "revision-mismatch" },
  },
  {
    name: "a revision that is not SHA-256 hex",
    edit: (p) => json({ ...p, revision: p.revision.toUpperCase() }),
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^revision: /) },
  },
  {
    name: "an extra top-level field",
    edit: (p) => json({ ...p, extra: true }),
    refusal: { code: "invalid-payload", detail: '(root): Unrecognized key: "extra"' },
  },
  {
    name: "an extra field on a skill",
    edit: (p) => json({ ...p, skills: [p.skills[0], { ...p.skills[1]!, executable: true }] }),
    refusal: { code: "invalid-payload", detail: 'skills[1]: Unrecognized key: "executable"' },
  },
  {
    name: "an unknown origin",
    edit: (p) => json({ ...p, skills: [{ ...p.skills[0]!, origin: "remote" }, p.skills[1]] }),
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^skills\[0\]\.origin: /) },
  },
  {
    name: "a refusal without a code",
    edit: (p) => json({ ...p, refused: [{ id: "x", reason: "because" }] }),
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^refused\[0\]\.code: /) },
  },
  {
    name: "skills out of id order",
    edit: (p) => json({ ...p, skills: [p.skills[1], p.skills[0]] }),
    refusal: { code: "invalid-payload", detail: "skills[1]: 'alpha' is not in strict id order" },
  },
  {
    name: "a skill listed twice",
    edit: (p) => json({ ...p, skills: [p.skills[0], p.skills[0], p.skills[1]] }),
    refusal: { code: "invalid-payload", detail: "skills[1]: 'alpha' is not in strict id order" },
  },
  {
    name: "truncated JSON",
    edit: (_p, raw) => raw.slice(0, Math.floor(raw.length / 2)),
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^it is not JSON: /) },
  },
  {
    name: "an empty file",
    edit: () => "",
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^it is not JSON: /) },
  },
  {
    name: "JSON that is not an object",
    edit: () => "[1, 2, 3]",
    refusal: { code: "invalid-payload", detail: expect.stringMatching(/^\(root\): /) },
  },
];

async function writeValidPayload(): Promise<{ path: string; payload: Payload; raw: string }> {
  const roots = await makeRoots({ alpha: skillText("alpha") }, { beta: skillText("beta") });
  const written = await materialize(roots, await makeTempDir());
  if (!written.ok) throw new Error(`refused: ${written.refusal.code}`);
  return {
    path: written.path,
    payload: written.payload,
    raw: await readFile(written.path, "utf8"),
  };
}

describe("readPayload", () => {
  it("accepts the file as written", async () => {
    const { path, payload } = await writeValidPayload();
    expect(await readPayload(path)).toEqual({ ok: true, payload });
  });

  it.each(tampers)("refuses $name", async ({ edit, refusal }) => {
    const { path, payload, raw } = await writeValidPayload();
    await writeFile(path, edit(payload as Payload & Record<string, unknown>, raw));
    const result = await readPayload(path);
    if (result.ok) throw new Error("a tampered payload was accepted");
    expect(result.refusal).toEqual({ path, ...refusal });
    expect(message(result.refusal)).toMatch(/materialize it again\.$/);
  });

  it("refuses bodies over the size cap even when every digest matches", async () => {
    const path = join(await makeTempDir(), "skills.json");
    const skills = Array.from({ length: 9 }, (_, i) => {
      const id = `big-${i}`;
      const text = `# ${id}\n\n${"x".repeat(262_144 - 9)}`;
      return {
        id,
        origin: "builtin" as const,
        path: `/w/${id}/SKILL.md`,
        digest: sha256(text),
        text,
        treeDigest: "0".repeat(64),
        files: [{ path: "SKILL.md", size: text.length, sha256: sha256(text), executable: false }],
      };
    });
    const revision = revisionOf(skills);
    await writeFile(
      path,
      json({ revision, roots: { builtin: "/w", managed: null }, skills, refused: [] }),
    );
    const result = await readPayload(path);
    if (result.ok) throw new Error("an oversized payload was accepted");
    expect(result.refusal).toEqual({
      code: "invalid-payload",
      path,
      detail: "its bodies total 2,359,296 bytes, more than the 2,097,152 a payload may hold",
    });
  });

  it("refuses a file that does not exist, naming it", async () => {
    const path = join(await makeTempDir(), "missing", "skills.json");
    const result = await readPayload(path);
    if (result.ok) throw new Error("a missing file was accepted");
    expect(result.refusal).toMatchObject({ code: "invalid-payload", path });
    expect(result.refusal.detail).toMatch(/^it cannot be read: ENOENT/);
    expect(message(result.refusal)).toContain(path);
  });

  it("refuses a directory in place of the file", async () => {
    const path = join(await makeTempDir(), "skills.json");
    await mkdir(path);
    const result = await readPayload(path);
    expect(result.ok ? "accepted" : result.refusal.detail).toMatch(/^it cannot be read: EISDIR/);
  });
});
