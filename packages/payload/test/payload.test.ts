import { createHash } from "node:crypto";
import { mkdir, readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { message } from "@skillshelf/contract";
import { catalog, revisionOf } from "@skillshelf/skill-catalog";
import { describe, expect, it } from "vitest";
import { materialize, payload, readPayload } from "../src/index.js";
import { makeRoots, makeTempDir, skillText, storeAt } from "./trees.js";

const sha256 = (bytes: string | Uint8Array): string =>
  createHash("sha256").update(bytes).digest("hex");

describe("payload", () => {
  it("carries every offered body and every refusal, with the catalog's revision", async () => {
    const roots = await makeRoots(
      {
        alpha: skillText("alpha", "Alpha's steps: é, 中文, 🚀.\n"),
        shared: skillText("shared"),
        Bad_Name: skillText("Bad_Name"),
      },
      {
        beta: "---\nname: beta\ndescription: the beta skill\n---\nBody of beta.\n",
        shared: skillText("shared"),
        wrong: skillText("not-wrong"),
      },
    );
    const result = await payload(roots);
    if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
    const built = result.payload;

    expect(built.skills.map((s) => [s.id, s.origin])).toEqual([
      ["alpha", "builtin"],
      ["beta", "managed"],
    ]);
    for (const skill of built.skills) {
      const bytes = await readFile(skill.path);
      expect(skill.text).toBe(bytes.toString("utf8"));
      expect(skill.digest).toBe(sha256(bytes));
    }
    expect(built.skills[0]!.path).toBe(join(roots.builtin, "alpha", "SKILL.md"));

    expect(built.refused.map((r) => [r.id, r.code])).toEqual([
      ["Bad_Name", "invalid-id"],
      ["shared", "defined-twice"],
      ["wrong", "identity-mismatch"],
    ]);
    for (const refusal of built.refused) {
      expect(Object.keys(refusal).sort()).toEqual(["code", "id", "reason"]);
      expect(refusal.reason.length).toBeGreaterThan(0);
    }

    const current = await catalog(roots);
    expect(built.revision).toBe(current.revision);
    expect(built.revision).toBe(revisionOf(current.skills));
    expect(built.roots).toEqual({ builtin: roots.builtin, managed: roots.managed?.location });
  });

  it("reports a managed root that is not configured as null", async () => {
    const roots = await makeRoots({ solo: skillText("solo") });
    const result = await payload(roots);
    expect(result.ok && result.payload.roots).toEqual({ builtin: roots.builtin, managed: null });
    expect(result.ok && result.payload.skills.map((s) => s.id)).toEqual(["solo"]);
  });

  it("holds no skills and the empty revision when the roots are missing", async () => {
    const base = await makeTempDir();
    const roots = { builtin: join(base, "nowhere"), managed: storeAt(join(base, "nothing")) };
    const result = await payload(roots);
    if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
    expect(result.payload.skills).toEqual([]);
    expect(result.payload.refused).toEqual([]);
    expect(result.payload.revision).toBe(revisionOf([]));
  });

  it("refuses a root that exists but cannot be listed with store-failed, never a throw", async () => {
    const base = await makeTempDir();
    const loop = join(base, "skills");
    await symlink(loop, loop); // listing it fails with ELOOP
    await mkdir(join(base, "data"));
    const result = await payload({ builtin: loop, managed: storeAt(join(base, "data")) });
    if (result.ok) throw new Error("an unlistable root was read");
    expect(result.refusal.code).toBe("store-failed");
    expect(message(result.refusal)).toMatch(/ELOOP/);
  });

  it("keeps a byte order mark as bytes, so the digest still describes the text", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# bom\n")]);
    const roots = await makeRoots({ bom: bytes });
    const result = await payload(roots);
    if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
    const [skill] = result.payload.skills;
    expect(skill === undefined ? [] : [...Buffer.from(skill.text, "utf8")]).toEqual([...bytes]);
    expect(skill?.digest).toBe(sha256(bytes));
  });

  it("writes a file that reads back equal to the payload", async () => {
    const roots = await makeRoots(
      { alpha: skillText("alpha"), gamma: skillText("gamma", "Line\r\nwith CRLF\t\u0000\n") },
      { beta: skillText("beta"), "Not An Id": skillText("x") },
    );
    const out = join(await makeTempDir(), "deep", "out");
    const written = await materialize(roots, out);
    if (!written.ok) throw new Error(`refused: ${written.refusal.code}`);
    expect(written.path).toBe(join(out, "skills.json"));

    const again = await payload(roots);
    expect(again.ok && again.payload).toEqual(written.payload);
    expect(JSON.parse(await readFile(written.path, "utf8"))).toEqual(written.payload);
    const read = await readPayload(written.path);
    expect(read).toEqual({ ok: true, payload: written.payload });
  });
});
