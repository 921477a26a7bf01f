// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a fresh
// temporary directory, a server listening on 127.0.0.1 only (its Unix socket
// inside that directory), password authentication, and an application role
// that is not a superuser, so every test also proves the store needs none.
// PostgreSQL refuses to run as root, so under root the binaries run as the
// `postgres` system user (the directory is handed to it first). `stop()`
// shuts the server down and removes the directory; a process that exits
// without calling it still stops its clusters on the way out.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinaries, type PgBinaries } from "./binaries.js";

export type ClusterOptions = {
  /** Keep fsync and synchronous commit on (benchmarks); tests run faster without. */
  durable?: boolean;
};

export type Cluster = {
  host: "127.0.0.1";
  port: number;
  /** The application role: LOGIN, not a superuser, may not create databases or roles. */
  user: string;
  password: string;
  /** A database owned by the application role, created at start. */
  database: string;
  /** `postgres://user:password@127.0.0.1:port/database` for the application role. */
  url: string;
  /** A new empty database owned by the application role; its URL. */
  createDatabase(): string;
  /** Runs SQL as the cluster's superuser in `database` (default `postgres`): test setup only. */
  admin(sql: string, database?: string): string;
  /** Stops the server (fast shutdown); data is kept for `start()`. */
  halt(): void;
  /** Starts it again on the same port after `halt()`. */
  start(): void;
  /**
   * Stops every process of the server with SIGSTOP, so connections stay open
   * and nothing answers (a hung host, a paused VM); the function it answers
   * lets them run again.
   */
  freeze(): () => void;
  /** Stops the server and removes its directory. Idempotent. */
  stop(): void;
};

const APP_ROLE = "skillshelf_app";
const live = new Set<Cluster>();
let exitHookInstalled = false;

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the `postgres` user when we are root, else as ourselves. */
function runAsOwner(binary: string, args: string[]): string {
  const [command, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", binary, ...args]]
    : [binary, args];
  const result = spawnSync(command, argv, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`${binary.split("/").pop()} failed: ${output || result.error?.message}`);
  }
  return result.stdout;
}

/** Starts a new cluster, or throws with a sentence saying what is missing. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = findBinaries();
  const dir = mkdtempSync(join(tmpdir(), "skillshelf-pg-"));
  try {
    return await initAndStart(bin, dir, options);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function initAndStart(bin: PgBinaries, dir: string, options: ClusterOptions) {
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  const superPassword = randomBytes(18).toString("hex");
  const password = randomBytes(18).toString("hex");
  writeFileSync(join(dir, "pwfile"), `${superPassword}\n`, { mode: 0o600 });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chownSync(join(dir, "pwfile"), uid, gid);
  }
  runAsOwner(bin.initdb, [
    "-D",
    data,
    "-U",
    "postgres",
    "--pwfile",
    join(dir, "pwfile"),
    "--auth-host=scram-sha-256",
    "--auth-local=scram-sha-256",
    "-E",
    "UTF8",
    "--no-locale",
    "--no-sync",
  ]);
  rmSync(join(dir, "pwfile"));
  const settings = options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off"];
  const serverOptions = (port: number) =>
    [`-h 127.0.0.1 -p ${port} -k ${dir}`, "-c max_connections=200", ...settings].join(" ");

  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      runAsOwner(bin.pgCtl, [
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-t",
        "60",
        "-o",
        serverOptions(port),
        "start",
      ]);
      break;
    } catch (error) {
      // Another process may have taken the port between our probe and the bind.
      if (attempt >= 3) throw error;
    }
  }

  const admin = (sql: string, database = "postgres"): string => {
    const result = spawnSync(
      bin.psql,
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "postgres",
        "-d",
        database,
        "-v",
        "ON_ERROR_STOP=1",
        "-tAc",
        sql,
      ],
      { encoding: "utf8", env: { ...process.env, PGPASSWORD: superPassword }, timeout: 60_000 },
    );
    if (result.status !== 0) throw new Error(`psql failed: ${result.stderr.trim()}`);
    return result.stdout.trim();
  };
  admin(`CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  let databases = 0;
  const urlOf = (database: string) =>
    `postgres://${APP_ROLE}:${password}@127.0.0.1:${port}/${database}`;
  const createDatabase = (): string => {
    const name = `skillshelf_${++databases}`;
    admin(`CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
    return urlOf(name);
  };
  const database = "skillshelf";
  admin(`CREATE DATABASE ${database} OWNER ${APP_ROLE}`);

  let stopped = false;
  const cluster: Cluster = {
    host: "127.0.0.1",
    port,
    user: APP_ROLE,
    password,
    database,
    url: urlOf(database),
    createDatabase,
    admin,
    halt: () => {
      runAsOwner(bin.pgCtl, ["-D", data, "-w", "-m", "fast", "stop"]);
    },
    freeze: () => {
      const frozen = serverProcesses(data);
      for (const pid of frozen) signalIfPresent(pid, "SIGSTOP");
      // Children first, the postmaster last: a backend that was already
      // exiting when it was stopped is reaped as soon as the postmaster runs.
      return () => {
        for (const pid of frozen.toReversed()) signalIfPresent(pid, "SIGCONT");
      };
    },
    start: () => {
      runAsOwner(bin.pgCtl, [
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-t",
        "60",
        "-o",
        serverOptions(port),
        "start",
      ]);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      live.delete(cluster);
      if (existsSync(join(data, "postmaster.pid"))) {
        try {
          runAsOwner(bin.pgCtl, ["-D", data, "-w", "-m", "immediate", "stop"]);
        } catch {
          // Already down: nothing to stop, the directory still goes.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  live.add(cluster);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const each of [...live]) each.stop();
    });
  }
  return cluster;
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      "PostgreSQL refuses to run as root and there is no 'postgres' user to run it as: install PostgreSQL from the distribution's packages (apt-get install postgresql)",
    );
  }
}

/** The server's processes: its postmaster (from the data directory's postmaster.pid) and every child of it. */
function serverProcesses(data: string): number[] {
  const postmaster = Number.parseInt(readFileSync(join(data, "postmaster.pid"), "utf8"), 10);
  const parentOf = (pid: number): number =>
    Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
  const children = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return parentOf(pid) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    });
  return [postmaster, ...children];
}

/** Sends a signal to a process that may have exited (and been reaped) since it was listed. */
function signalIfPresent(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}
