// What the server says when its --store cannot be opened at start: one line
// with the table's sentence and the table's exit code, as the CLI says it. A
// --store that is no URL is the operator's typing (2); a database that cannot
// be reached is the store's state (3). Port 1 on loopback refuses at once.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { makeTempDir } from "@skillshelf/test-utils";
import { expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

function start(store: string) {
  const dir = makeTempDir("skillshelf-store-start-");
  return spawnSync(process.execPath, [bin, "--port", "0", "--store", store, "--workspace", dir], {
    encoding: "utf8",
    timeout: 30_000,
  });
}

it("exits 2 on a --store that is no URL, naming the form it expects", () => {
  const run = start("notaurl");
  expect(run.status, run.stderr).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/^skillshelf-server: The store 'notaurl' is not a PostgreSQL URL/);
  expect(run.stderr).toContain("postgres://user@host:5432/database");
});

it("exits 3 on a database that cannot be reached, naming the database, not the data directory", () => {
  const run = start("postgres://skillshelf@127.0.0.1:1/skills");
  expect(run.status, run.stderr).toBe(3);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(
    /^skillshelf-server: The store's database at .*127\.0\.0\.1:1.* cannot be reached/,
  );
  expect(run.stderr).not.toMatch(/data directory's space/);
});
