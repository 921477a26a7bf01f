// The record an install leaves beside (never inside) each skill it writes:
// where the skill came from, when, by which tool, and its tree (every file's
// path, executable bit, size and SHA-256, with the tree digest). `verify`
// holds a stored skill against it and `update` re-imports from its source.
// It also keeps which findings the operator accepted for the import.
// The tree digest has one pinned formula (docs/architecture.md, beside the
// revision's), so another implementation computes the same value:
// SHA-256 over the files in path order of
//   (u64 BE byte length of path, path bytes, one byte executable 0/1,
//    u64 BE byte length of the SHA-256 hex, SHA-256 hex of the file's bytes).
// A signature (`SKILL.sig` at the skill's root) is not part of the tree it
// signs: treeOf leaves it out, so the digest a signer signs, the digest a
// record keeps and the digest verify recomputes are the same value, and a
// re-signed skill is not drift.
import { createHash } from "node:crypto";
import type { FindingCode } from "@skillshelf/bundle-reader";
import { comparePaths } from "@skillshelf/contract";
import { SIGNATURE_FILE_NAME } from "@skillshelf/signatures";

/** The source an install was read from, as it was given. */
export type RecordedSource = {
  /** `path` (a folder or an archive file), `archive` (bytes: stdin, an HTTP body), `uploads` or `git`. */
  kind: "path" | "archive" | "uploads" | "git";
  /** The absolute path for `path`; the archive's file name for `archive`, when it has one; the URL without credentials for `git`. */
  name?: string;
  /** For `git`: the ref as given (absent: the default branch). */
  ref?: string;
  /** For `git`: the commit read (40 hex), when the read's `origin` was passed to recordSource. */
  commit?: string;
  /** SHA-256 hex of the archive's bytes, when the source was archive bytes (or an archive file). */
  sha256?: string;
  /** The `path` selection inside the source, when one was given. */
  path?: string;
  /** The `skills` selection, when one was given. */
  skills?: string[];
};

/** One file of a recorded tree. */
export type TreeFile = { path: string; executable: boolean; size: number; sha256: string };

/** A skill's files and the digest over them. */
export type Tree = { digest: string; files: TreeFile[] };

/** Who signed a skill's tree, as its import verified it against the trust file of the time. */
export type RecordedSignature = {
  /** The principals of the allowed_signers line that trusted the key, as written. */
  principal: string;
  /** The signing key's fingerprint, `SHA256:...` as `ssh-keygen -l` prints it. */
  fingerprint: string;
  /** The signature algorithm, e.g. `ssh-ed25519`, `rsa-sha2-512`. */
  algorithm: string;
  /** ISO 8601 time the signature was verified at import. */
  verifiedAt: string;
};

/** What an install recorded about one skill. */
export type InstallRecord = {
  id: string;
  /** Absent when the caller handed install() skills without saying where they came from. */
  source?: RecordedSource;
  /** ISO 8601 time of the install. */
  installedAt: string;
  /** The tool that installed it, as `name version`. */
  tool: string;
  tree: Tree;
  /** Set by `approve`: who vouched for `tree` as it stood, and when (ISO 8601). */
  approved?: { by: string; at: string };
  /** Present when the skill's SKILL.sig verified at import against the trust file. */
  signature?: RecordedSignature;
  /**
   * The finding codes the operator accepted for this import (`--accept`), so
   * a refusing finding of one of them did not refuse it; absent when none was.
   */
  accepted?: FindingCode[];
};

const u64 = (n: number): Buffer => {
  const prefix = Buffer.allocUnsafe(8);
  prefix.writeBigUInt64BE(BigInt(n));
  return prefix;
};

/** Path order (the paths' UTF-8 bytes, the contract's one order), pinned so every implementation agrees. */
const byPath = (a: { path: string }, b: { path: string }): number => comparePaths(a.path, b.path);

/** The tree digest of files (any order; they are hashed in path order). */
export function treeDigestOf(files: readonly Omit<TreeFile, "size">[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort(byPath)) {
    const path = Buffer.from(file.path, "utf8");
    const sha = Buffer.from(file.sha256, "utf8");
    hash.update(u64(path.length)).update(path);
    hash.update(Buffer.of(file.executable ? 1 : 0));
    hash.update(u64(sha.length)).update(sha);
  }
  return hash.digest("hex");
}

/** Whether `path` (relative to the skill's root) is the skill's signature, outside its tree. */
export const isSignatureFile = (path: string): boolean => path === SIGNATURE_FILE_NAME;

/** The tree of files given with their bytes; the root's SKILL.sig is not part of it. */
export function treeOf(
  files: readonly { path: string; executable: boolean; bytes: Uint8Array }[],
): Tree {
  const signed = files.filter((file) => !isSignatureFile(file.path));
  const tree = signed.sort(byPath).map(
    (file): TreeFile => ({
      path: file.path,
      executable: file.executable,
      size: file.bytes.length,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
    }),
  );
  return { digest: treeDigestOf(tree), files: tree };
}
