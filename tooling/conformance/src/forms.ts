// Which forms can express a case. A folder cannot hold `../x`, two equal
// names, or a device; an upload list holds only files; a header tweak exists
// only in a tar. The runner uses this so each case runs in every form that
// can say it, and nowhere else.
import { kindOf, relativeOf } from "./entry-paths.js";
import { allForms, type Case, type Entry, type Form } from "./types.js";

const tarOnlyKinds = new Set(["chardev", "blockdev", "contiguous", "sparse", "vendor", "unknown"]);
const noUploadKinds = new Set(["symlink", "hardlink", "fifo", ...tarOnlyKinds]);
/** Kinds a zip's Unix mode cannot say (it has no hard links and no tar vendor types). */
const noZipKinds = new Set(["hardlink", "contiguous", "sparse", "vendor"]);
const allButZip: Form[] = ["folder", "tar", "tgz", "uploads"];

/** True when a real Linux folder can hold this relative path. */
function folderCanHold(path: string): boolean {
  if (path.startsWith("/") || path.includes("\0") || Buffer.byteLength(path) > 3_800) return false;
  return path
    .split("/")
    .every((s) => s !== "" && s !== "." && s !== ".." && Buffer.byteLength(s) <= 255);
}

/** Every directory that some entry (or, with `filesOnly`, some file) lies below, without a trailing "/". */
function parentsOf(c: Case, filesOnly: boolean): Set<string> {
  const parents = new Set<string>();
  for (const entry of c.entries) {
    if (filesOnly && kindOf(entry) !== "file") continue;
    const segments = relativeOf(entry).split("/");
    for (let i = 1; i < segments.length; i++) parents.add(segments.slice(0, i).join("/"));
  }
  return parents;
}

function formsRefusedBy(entry: Entry, parents: Set<string>): Form[] {
  const kind = kindOf(entry);
  const path = relativeOf(entry);
  const out: Form[] = [];
  if (path === "" && kind === "dir") return out;
  if (entry.tar !== undefined || tarOnlyKinds.has(kind)) out.push("folder", "uploads");
  if (entry.tar !== undefined || noZipKinds.has(kind)) out.push("zip");
  if (entry.zip !== undefined) out.push(...allButZip);
  if (noUploadKinds.has(kind) || entry.rawPath !== undefined) out.push("uploads");
  if (kind === "dir" && !parents.has(path.replace(/\/$/, ""))) out.push("uploads");
  if (entry.rawPath === undefined && !folderCanHold(path)) out.push("folder");
  if (kind === "file" && path.endsWith("/")) out.push("folder", "tar", "tgz", "zip");
  return out;
}

function formsRefusedByArchive(c: Case): Form[] {
  if (c.zipArchive !== undefined) return allButZip;
  const a = c.archive;
  if (a === undefined) return [];
  const out: Form[] = ["folder", "uploads", "zip"];
  if (a.gzipTrailing !== undefined || a.gzipTruncate !== undefined) out.push("tar");
  return out;
}

/** A folder holds each name once, and a name as a file or a directory, never both. */
function formsRefusedByCollisions(c: Case): Form[] {
  const seen = new Map<string, string>();
  for (const entry of c.entries) {
    const path = relativeOf(entry).replace(/\/$/, "");
    const kind = kindOf(entry) === "dir" ? "dir" : "file";
    const before = seen.get(path);
    if (before === kind) return ["folder"];
    if (before !== undefined) return ["folder", "uploads"];
    seen.set(path, kind);
  }
  const parents = parentsOf(c, false);
  for (const [path, kind] of seen) if (kind === "file" && parents.has(path)) return ["folder"];
  return [];
}

export function formsOf(c: Case): Form[] {
  const refused = new Set<Form>(formsRefusedByArchive(c));
  if (c.missing === true) refused.add("tar").add("tgz").add("zip").add("uploads");
  if (c.layout === "bare" && c.forms === undefined) refused.add("folder").add("uploads");
  for (const form of formsRefusedByCollisions(c)) refused.add(form);
  const parents = parentsOf(c, true);
  for (const entry of c.entries)
    for (const form of formsRefusedBy(entry, parents)) refused.add(form);
  const allowed = allForms.filter((form) => !refused.has(form));
  return c.forms === undefined ? allowed : allowed.filter((form) => c.forms?.includes(form));
}
