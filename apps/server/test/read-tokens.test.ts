// Minted read-only tokens: `skillshelf-server token --read-only --name <w>`
// prints what any replica with the same admin token accepts, a token minted
// from another admin token or for a malformed name is no token, and the
// command refuses without --read-only, a valid name or SKILLSHELF_TOKEN.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { roleOf } from "../src/auth.js";
import { isMintedReadToken, mintReadToken } from "../src/read-tokens.js";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const admin = "admin-token-0123456789abcdef";

async function runToken(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [bin, "token", ...args],
      {
        env: { PATH: process.env.PATH ?? "", ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("skillshelf-server token", () => {
  it("prints the read token minted from SKILLSHELF_TOKEN", async () => {
    const run = await runToken(["--read-only", "--name", "worker-1"], { SKILLSHELF_TOKEN: admin });
    expect(run).toEqual({ code: 0, stdout: `${mintReadToken(admin, "worker-1")}\n`, stderr: "" });
    expect(run.stdout).toMatch(/^read\.worker-1\.[A-Za-z0-9_-]{43}\n$/);
  });

  it.each([
    { name: "without --read-only", args: ["--name", "w"], env: { SKILLSHELF_TOKEN: admin } },
    {
      name: "a name with a dot",
      args: ["--read-only", "--name", "a.b"],
      env: { SKILLSHELF_TOKEN: admin },
    },
    {
      name: "without SKILLSHELF_TOKEN",
      args: ["--read-only", "--name", "w"],
      env: {} as Record<string, string>,
    },
  ])("exits 2 $name, printing no token", async ({ args, env }) => {
    const run = await runToken(args, env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^skillshelf-server token: /);
  });
});

describe("roleOf", () => {
  const credentials = { token: admin, readToken: "named-read-token-0123456789" };
  it.each([
    { name: "the admin token", header: `Bearer ${admin}`, role: "admin" },
    { name: "the named read token", header: "Bearer named-read-token-0123456789", role: "read" },
    { name: "a minted token", header: `Bearer ${mintReadToken(admin, "w")}`, role: "read" },
    {
      name: "a token minted from another admin token",
      header: `Bearer ${mintReadToken(`${admin}x`, "w")}`,
      role: undefined,
    },
    {
      name: "a minted token under another name",
      header: `Bearer ${mintReadToken(admin, "w").replace("read.w.", "read.v.")}`,
      role: undefined,
    },
    { name: "no header", header: undefined, role: undefined },
    { name: "the admin token without Bearer", header: admin, role: undefined },
  ])("$name: $role", ({ header, role }) => {
    expect(roleOf(header, credentials)).toBe(role);
  });

  it("a minted token is verified by recomputing its mac, nothing stored", () => {
    expect(isMintedReadToken(mintReadToken(admin, "w"), admin)).toBe(true);
    expect(isMintedReadToken("read..abc", admin)).toBe(false);
  });
});
