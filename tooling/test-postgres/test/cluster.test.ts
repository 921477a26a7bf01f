// @module-tag heavy
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../src/index.js";

const reachable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("a throwaway cluster (needs PostgreSQL)", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it("listens on 127.0.0.1 only, with its socket in its own directory", () => {
    expect(cluster.admin("SHOW listen_addresses")).toBe("127.0.0.1");
    const socketDir = cluster.admin("SHOW unix_socket_directories");
    expect(socketDir).toMatch(/skillshelf-pg-/);
    expect(existsSync(socketDir)).toBe(true);
  });

  it("gives the application role no superuser, database or role rights", () => {
    const row = cluster.admin(
      `SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = '${cluster.user}'`,
    );
    expect(row).toBe("f|f|f");
    expect(
      cluster.admin(
        `SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '${cluster.database}'`,
      ),
    ).toBe(cluster.user);
  });

  it("halts and starts again on the same port", async () => {
    cluster.halt();
    expect(await reachable(cluster.port)).toBe(false);
    cluster.start();
    expect(await reachable(cluster.port)).toBe(true);
    expect(cluster.admin("SELECT 1")).toBe("1");
  });

  it("creates fresh databases owned by the application role", () => {
    const url = new URL(cluster.createDatabase());
    const name = url.pathname.slice(1);
    expect(
      cluster.admin(`SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '${name}'`),
    ).toBe(cluster.user);
  });
});

it("stop() shuts the server down and removes its directory", async () => {
  const cluster = await startCluster();
  const dir = cluster.admin("SHOW unix_socket_directories");
  cluster.stop();
  expect(existsSync(dir)).toBe(false);
  expect(await reachable(cluster.port)).toBe(false);
  cluster.stop();
});
