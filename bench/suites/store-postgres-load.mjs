// Imports per second through two skillshelf-server replicas on one
// PostgreSQL database: each replica serves `clientsPerReplica` clients that
// import small bundles of ids of their own, one after another, for a fixed
// time. Every import takes the store's one write lock, so this measures how
// the fleet serializes writers, not how fast one host parses.

import { gzipSync } from "node:zlib";
import { createTar } from "../gen/tar.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";
import { postImport, startServer } from "../lib/server-process.mjs";

function bundleOf(id) {
  const body = Buffer.from(`# ${id}\n\nA skill imported under load.\n`);
  const note = Buffer.from("notes\n".repeat(100));
  return gzipSync(
    createTar([
      { path: `${id}/SKILL.md`, type: "file", bytes: body, mode: 0o644 },
      { path: `${id}/notes.md`, type: "file", bytes: note, mode: 0o644 },
    ]),
  );
}

/** Runs the load; returns { imports, failures, perSecond, perReplica, latencies }. */
export async function runReplicaLoad(store, { replicas, clientsPerReplica, seconds }) {
  const scratch = await createScratch("replicas");
  const servers = [];
  try {
    for (let r = 0; r < replicas; r += 1) {
      servers.push(
        await startServer({ dataDir: `${scratch}/data-${r}`, workspaceDir: scratch, store }),
      );
    }
    const latencies = [];
    const perReplica = servers.map(() => 0);
    let failures = 0;
    const deadline = performance.now() + seconds * 1000;
    const client = async (replica, index) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const id = `load-r${replica}-c${index}-${n}`;
        const answer = await postImport(servers[replica].base, bundleOf(id), { replace: false });
        if (answer.status === 201) {
          perReplica[replica] += 1;
          latencies.push(answer.ms);
        } else failures += 1;
      }
    };
    const started = performance.now();
    await Promise.all(
      servers.flatMap((_, replica) =>
        Array.from({ length: clientsPerReplica }, (_, index) => client(replica, index)),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const imports = perReplica.reduce((sum, count) => sum + count, 0);
    return { imports, failures, perSecond: imports / elapsed, perReplica, latencies };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await removeScratch(scratch);
  }
}
