// A case as a browser directory selection: one upload per file, each path
// beginning with the chosen folder's name. Directories travel only as the
// parents of their files, as a browser sends them.
import { contentOf, kindOf, rootedOf } from "./entry-paths.js";
import type { Case, UploadFile } from "./types.js";

export function buildUploads(c: Case): UploadFile[] {
  return c.entries
    .filter((entry) => kindOf(entry) === "file")
    .map((entry) => ({ path: rootedOf(c, entry), bytes: contentOf(entry) }));
}
