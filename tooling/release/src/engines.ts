// Checks a Node version against an `engines.node` range of the simple form
// the packages use: caret ranges (`^20.19.0`) and lower bounds (`>=20.19`)
// joined by `||`. Every CI pass (Node 20, 22 and 24) runs the test that uses
// it, so a package can only declare versions that CI actually runs.
type Version = [number, number, number];

function parseVersion(text: string): Version {
  const parts = text.replace(/^v/, "").split(".").map(Number);
  const [major = 0, minor = 0, patch = 0] = parts;
  if (parts.some((n) => !Number.isInteger(n))) throw new Error(`not a version: ${text}`);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `version` (such as process.version) lies in `range`. Throws on forms it does not know. */
export function satisfiesRange(version: string, range: string): boolean {
  const v = parseVersion(version);
  return range.split("||").some((alternative) => {
    const part = alternative.trim();
    if (part.startsWith("^")) {
      const min = parseVersion(part.slice(1));
      return v[0] === min[0] && compare(v, min) >= 0;
    }
    if (part.startsWith(">=")) return compare(v, parseVersion(part.slice(2))) >= 0;
    throw new Error(`unsupported range form: ${part}`);
  });
}
