// Which Node versions an `engines.node` range admits, judged by npm's own
// semver, so our manifests and every installed dependency's are read the way
// npm reads them when it decides whether to warn (EBADENGINE). The supported
// majors are stated once here: every CI pass (Node 20, 22 and 24) runs the
// tests that use them, so a package can declare only versions CI runs, and no
// dependency may ask for more than they offer.
import semver from "semver";

/** The oldest release of each Node line the packages support. */
export const supportedNodes: readonly string[] = ["20.19.0", "22.0.0", "24.0.0"];

/** Whether `version` (such as process.version) lies in `range`. Throws on a range semver cannot read. */
export function satisfiesRange(version: string, range: string): boolean {
  if (semver.validRange(range) === null) throw new Error(`unsupported range form: ${range}`);
  return semver.satisfies(version.replace(/^v/, ""), range, { includePrerelease: true });
}

/** The supported Node versions that `range` leaves out. */
export function excludedNodes(range: string): string[] {
  return supportedNodes.filter((version) => !satisfiesRange(version, range));
}
