// Where the PostgreSQL server binaries are: $SKILLSHELF_PG_BIN, else the
// newest Debian-style /usr/lib/postgresql/<major>/bin, else the PATH. Debian
// keeps initdb and pg_ctl off the PATH, which is why the directory is probed.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type PgBinaries = { initdb: string; pgCtl: string; psql: string };

const DEBIAN_ROOT = "/usr/lib/postgresql";

function candidates(): string[] {
  const dirs: string[] = [];
  if (process.env.SKILLSHELF_PG_BIN) dirs.push(process.env.SKILLSHELF_PG_BIN);
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) dirs.push(join(DEBIAN_ROOT, major, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir) dirs.push(dir);
  return dirs;
}

/** The binaries, or a thrown sentence saying how to install them. */
export function findBinaries(): PgBinaries {
  for (const dir of candidates()) {
    if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) {
      const psql = existsSync(join(dir, "psql")) ? join(dir, "psql") : "psql";
      return { initdb: join(dir, "initdb"), pgCtl: join(dir, "pg_ctl"), psql };
    }
  }
  throw new Error(
    "no PostgreSQL server binaries (initdb, pg_ctl) were found: install PostgreSQL (apt-get install postgresql) or set SKILLSHELF_PG_BIN to their directory",
  );
}
