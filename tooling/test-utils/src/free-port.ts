// A free TCP port on 127.0.0.1, as the kernel hands one out: for a server a
// test starts by command line (git daemon, a database, a README's replicas),
// which must be told its port before it binds.
import { createServer } from "node:net";

/** A port nothing listens on now; the caller binds it soon after. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address === null || typeof address === "string") reject(new Error("no port"));
        else resolve(address.port);
      });
    });
  });
}
