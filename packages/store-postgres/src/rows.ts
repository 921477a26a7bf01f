// Rows into the entries the catalog judges. A stored SKILL.md is handed over
// only after its bytes are proven to be the ones the install wrote (their
// SHA-256 against the digest stored beside them), so a row edited by hand is
// refused as unreadable, never offered under a digest it does not have; one
// over the catalog's cap is reported by size without being fetched.
import { createHash } from "node:crypto";
import type { SkillFileRead, StoredEntry } from "./catalog-types.js";

/** One skill row joined with its SKILL.md (all null when it has none). */
export type SkillRow = {
  id: string;
  executable: boolean | null;
  sha256: string | null;
  size: number | null;
  bytes: Uint8Array | null;
};

/** What the stored SKILL.md gives, judged only for integrity and size. */
function readOf(row: SkillRow, cap: number): SkillFileRead {
  if (row.size === null || row.sha256 === null) return { kind: "missing" };
  if (row.size > cap || row.bytes === null) return { kind: "too-large", size: row.size };
  const actual = createHash("sha256").update(row.bytes).digest("hex");
  if (actual !== row.sha256) {
    return {
      kind: "unreadable",
      detail:
        "its stored bytes do not match the SHA-256 recorded when it was installed (the row was changed outside skillshelf)",
    };
  }
  return { kind: "bytes", bytes: row.bytes, executable: row.executable === true };
}

/** The entry for one row, named the way messages name it: `<location>/<id>/SKILL.md`. */
export function entryOf(location: string, row: SkillRow, cap: number): StoredEntry {
  const dir = `${location}/${row.id}`;
  return { name: row.id, dir, path: `${dir}/SKILL.md`, read: readOf(row, cap) };
}
