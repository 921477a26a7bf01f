// Browser tests drive Debian's Chromium; install it when it is missing and we
// may (root with apt-get), so that the test command works on a fresh machine.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(`Chromium is missing at ${chromium}; installing Debian's chromium package.`);
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.warn(
      `Chromium is missing at ${chromium} and cannot be installed here; install Debian's chromium package (or set CHROMIUM_PATH) so the browser tests can run.`,
    );
  }
}
