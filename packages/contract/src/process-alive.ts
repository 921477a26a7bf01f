// The one rule for what another process left behind (a lock, a temporary
// directory, a half-written file) naming its pid: it is stale only once
// that pid runs no process on this host. Signal 0 asks without signalling;
// EPERM means a process of another user holds the pid, which is alive, and
// only ESRCH says there is none. Callers name only pids of this host.

/** Whether a process of this host runs under `pid`. */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
