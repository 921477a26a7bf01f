// The environment a child process of the release checks gets: the caller's,
// without the npm_* and pnpm variables that `pnpm test` sets (they would make
// npm in the consumer believe it runs inside the workspace's scripts), and
// with the running Node first on PATH, so `#!/usr/bin/env node` bins run on
// the same Node as the test (20 in one CI pass, 22 in the other).
import { dirname } from "node:path";

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_)/i.test(key) || key === "INIT_CWD") continue;
    env[key] = value;
  }
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
  return { ...env, ...extra };
}
