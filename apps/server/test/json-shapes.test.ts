// docs/json.md writes every JSON shape down once; this holds the real output
// of the `skillshelf` binary and of a real server to it, so the document
// cannot drift from what a script will receive.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formOf, uploadsOf } from "./support/bodies.js";
import { startServer, type TestServer } from "./support/server.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const cli = join(repo, "apps/cli/dist/bin.js");
const sample = join(repo, "examples/sample-bundle");
const shapes = documentedShapes(readFileSync(join(repo, "docs/json.md"), "utf8"));

/** The `json shape <name>` blocks of a Markdown text, parsed. */
function documentedShapes(markdown: string): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const match of markdown.matchAll(/^```json shape ([\w-]+)\n([\s\S]*?)^```$/gm)) {
    found.set(match[1]!, JSON.parse(match[2]!));
  }
  return found;
}

/** Where `value` departs from `shape`, as a list of "path: problem" lines (empty when it conforms). */
function departures(value: unknown, shape: unknown, at = "$"): string[] {
  if (typeof shape === "string") {
    const type = shape.replace(/\?$/, "");
    if (type === "any") return [];
    return typeof value === type ? [] : [`${at}: expected ${type}, got ${JSON.stringify(value)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${at}: expected an array`];
    if (shape.length === 0) return [];
    return value.flatMap((item, i) => departures(item, shape[0], `${at}[${i}]`));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return [`${at}: expected an object`];
  }
  const keys = shape as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, type] of Object.entries(keys)) {
    if (key === "...") continue;
    const optional = typeof type === "string" && type.endsWith("?");
    if (!(key in value)) {
      if (!optional) problems.push(`${at}.${key}: missing`);
      continue;
    }
    problems.push(...departures((value as Record<string, unknown>)[key], type, `${at}.${key}`));
  }
  if (!("..." in keys)) {
    for (const key of Object.keys(value)) {
      if (!(key in keys)) problems.push(`${at}.${key}: not documented`);
    }
  }
  return problems;
}

const expectShape = (name: string, value: unknown): void => {
  expect(shapes.has(name), `docs/json.md has no shape ${name}`).toBe(true);
  expect(departures(value, shapes.get(name))).toEqual([]);
};

describe("the shape checker", () => {
  it("reports a missing key, an undocumented one and a wrong type", () => {
    const shape = { id: "string", n: "number?", list: [{ a: "boolean" }] };
    expect(departures({ id: "x", list: [{ a: true }] }, shape)).toEqual([]);
    expect(departures({ list: [{ a: 1 }], extra: 1 }, shape)).toEqual([
      "$.id: missing",
      "$.list[0].a: expected boolean, got 1",
      "$.extra: not documented",
    ]);
  });
});

describe("the CLI's --json output", () => {
  let dir: string;
  const run = async (args: string[]): Promise<unknown> => {
    const env = { ...process.env, SKILLSHELF_DATA: join(dir, "data"), NO_COLOR: "1" };
    const result = await promisify(execFile)(process.execPath, [cli, ...args], {
      cwd: join(dir, "workspace"),
      env,
    }).catch((error: { stdout: string }) => error);
    return JSON.parse(result.stdout);
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "skillshelf-json-"));
    await cp(join(repo, "examples/workspace"), join(dir, "workspace"), { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("check, import, list and a refusal have the documented shapes", async () => {
    const checked = await run(["check", sample, "--json"]);
    expectShape("check", checked);
    expectShape("import", await run(["import", sample, "--json"]));
    const listed = (await run(["list", "--json"])) as { index: { description?: string }[] };
    expectShape("list", listed);
    expect(listed.index.some((skill) => typeof skill.description === "string")).toBe(true);
    expectShape("cli-refusal", await run(["import", sample, "--json"]));
  });

  it("check --list has the documented shape", async () => {
    // A collection beside a dot-directory, so every array of the listing holds an element.
    const source = join(dir, "collection");
    for (const name of ["alpha", "beta"]) {
      await mkdir(join(source, name), { recursive: true });
      await writeFile(
        join(source, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: Does ${name}.\n---\n`,
      );
    }
    await mkdir(join(source, ".github"), { recursive: true });
    await writeFile(join(source, ".github", "CODEOWNERS"), "* @someone\n");
    const listed = (await run(["check", source, "--list", "--json"])) as {
      listing: { skills: unknown[]; setAside: unknown[] };
    };
    expectShape("check-list", listed);
    expect(listed.listing.skills).toHaveLength(2);
    expect(listed.listing.setAside).toHaveLength(1);
  });
});

describe("the HTTP API's answers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("an import, the catalog and a refusal have the documented shapes", async () => {
    const form = formOf(
      uploadsOf("picked", {
        "alpha/SKILL.md": "---\nname: alpha\ndescription: Does alpha.\n---\n# alpha\n",
        "alpha/notes.md": "n\n",
      }),
    );
    const imported = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: server.auth,
      body: form,
    });
    expect(imported.status).toBe(201);
    expectShape("http-import", await imported.json());
    const listed = await fetch(`${server.url}/api/skills`, { headers: server.auth });
    expectShape("http-skills", await listed.json());
    const refused = await fetch(`${server.url}/api/skills/absent`, { headers: server.auth });
    expect(refused.status).toBe(404);
    expectShape("http-refusal", await refused.json());
  });

  it("one skill, with the specification's warnings, has the documented shape", async () => {
    // An unknown top-level field breaks the specification without breaking the catalog.
    await mkdir(join(server.roots.managed, "spicy"), { recursive: true });
    await writeFile(
      join(server.roots.managed, "spicy", "SKILL.md"),
      "---\nname: spicy\ndescription: Does spicy.\nflavor: hot\n---\n# spicy\n",
    );
    const response = await fetch(`${server.url}/api/skills/spicy`, { headers: server.auth });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { warnings: { code: string; field: string }[] };
    expectShape("http-skill", body);
    expect(body.warnings.map(({ code, field }) => ({ code, field }))).toEqual([
      { code: "host-specific-field", field: "flavor" },
    ]);
  });

  it("list=1 has the documented shape", async () => {
    const form = formOf(
      uploadsOf("picked", {
        "alpha/SKILL.md": "---\nname: alpha\ndescription: Does alpha.\n---\n",
        "beta/SKILL.md": "---\nname: beta\ndescription: Does beta.\n---\n",
        ".claude-plugin/plugin.json": "{}\n",
      }),
    );
    const response = await fetch(`${server.url}/api/imports?list=1`, {
      method: "POST",
      headers: server.auth,
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { listing: { skills: unknown[]; setAside: unknown[] } };
    expectShape("http-list", body);
    expect(body.listing.skills).toHaveLength(2);
    expect(body.listing.setAside).toHaveLength(1);
  });
});
