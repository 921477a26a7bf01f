// Whether one offered skill may be served, decided once for every surface
// that serves: the payload (gateCatalog) and the MCP server (packages/mcp's
// catalog source) both ask this. A managed skill must be vouched for as read
// (vouchedTree, the trust gate's rule); then, when the shelf hands in a
// signature judge, the tree about to be served and its SKILL.sig are put to
// it. This package holds no signature rule (the shelf owns the trust file and
// the policy, signature-status.ts); it only reads the tree and SKILL.sig and
// applies the judge's answer, so the payload and MCP cannot disagree.
import type { Finding } from "@skillshelf/bundle-reader";
import { message, type Refusal } from "@skillshelf/contract";
import { SIGNATURE_FILE_NAME } from "@skillshelf/signatures";
import { treeFindings } from "./known-skills.js";
import { isSignatureFile, type Tree, treeOf } from "./record.js";
import type { Roots } from "./roots.js";
import { readSkillFiles } from "./skill-files.js";
import type { ManagedStore } from "./store.js";
import { vouchedTree } from "./trust-gate.js";
import type { CatalogCode, LoadedSkill, RefusedSkill } from "./types.js";

/** Who signed a served skill's tree, as the trust file names the key. */
export type Signer = { principal: string; fingerprint: string; algorithm: string };

/** The judge's answer: served (by `signer`, when a trusted key signed it), or withheld by `refusal`. */
export type SignatureJudgement = { ok: true; signer?: Signer } | { ok: false; refusal: Refusal };

/**
 * The shelf's signature rule over skill `id` whose tree digest is
 * `treeDigest`, given its SKILL.sig (undefined when it has none).
 */
export type SignatureJudge = (
  id: string,
  treeDigest: string,
  signature: Uint8Array | undefined,
) => SignatureJudgement;

/** What the payload and MCP may be told about serving a skill. */
export type ServeOptions = {
  /** The operator's explicit escape: offer drifted and unapproved skills anyway (reported in `allowed`). */
  allowDrift?: boolean;
  /** The shelf's signature rule; without it, signatures are neither read nor required. */
  judge?: SignatureJudge;
  /** False when the caller shows no findings (the payload): they are then not worked out. */
  findings?: boolean;
};

export type Admission =
  /**
   * `tree`: the tree served; `findings`: what its text files hide (absent when
   * the options said `findings: false`); `allowed`: the drift let through by allowDrift.
   */
  | { ok: true; tree: Tree; findings?: Finding[]; signer?: Signer; allowed?: RefusedSkill }
  /** Withheld: not vouched for, or refused by the judge. */
  | { ok: false; refused: RefusedSkill }
  /** Its files could not be read (a builtin skill, or one let through by allowDrift). */
  | { ok: false; unreadable: Refusal };

/** `skill` held to the trust gate and the judge, with the tree it is served as. */
export async function admitSkill(
  roots: Roots,
  skill: LoadedSkill,
  options: ServeOptions = {},
): Promise<Admission> {
  let allowed: RefusedSkill | undefined;
  let held: { tree: Tree; findings?: Finding[]; signature: Uint8Array | undefined } | undefined;
  const withFindings = options.findings !== false;
  if (skill.origin === "managed" && roots.managed !== undefined) {
    const vouched = await vouchedTree(roots.managed, skill, { findings: withFindings });
    if (vouched.ok) {
      const signature =
        options.judge === undefined ? undefined : await readSignature(roots.managed, skill.id);
      held = { tree: vouched.tree, findings: vouched.findings, signature };
    } else if (options.allowDrift === true) allowed = vouched.refused;
    else return { ok: false, refused: vouched.refused };
  }
  if (held === undefined) {
    // A builtin skill has no record: its tree is its files as they are now.
    const read = await readSkillFiles(roots, skill.id);
    if (!read.ok) return { ok: false, unreadable: read.refusal };
    const signature = read.files.find((file) => isSignatureFile(file.path))?.bytes;
    const tree = treeOf(read.files);
    const findings = withFindings ? treeFindings(skill.id, tree, read.files) : undefined;
    held = { tree, findings, signature };
  }
  const judged = options.judge?.(skill.id, held.tree.digest, held.signature) ?? { ok: true };
  if (!judged.ok) return { ok: false, refused: withheld(skill, judged.refusal) };
  return {
    ok: true,
    tree: held.tree,
    ...(held.findings === undefined ? {} : { findings: held.findings }),
    ...(judged.signer === undefined ? {} : { signer: judged.signer }),
    ...(allowed === undefined ? {} : { allowed }),
  };
}

/**
 * The stored SKILL.sig of `id`, undefined when there is none. One that cannot
 * be read (a link, an I/O error) is handed to the judge as no bytes at all:
 * a SKILL.sig that proves nothing, which the policy refuses as bad.
 */
async function readSignature(store: ManagedStore, id: string): Promise<Uint8Array | undefined> {
  const read = await store.readFile(id, SIGNATURE_FILE_NAME);
  if (read.kind === "bytes") return read.bytes;
  return read.kind === "missing" ? undefined : new Uint8Array(0);
}

function withheld(skill: LoadedSkill, refusal: Refusal): RefusedSkill {
  const named = { ...refusal, code: refusal.code as CatalogCode, origin: skill.origin };
  return { ...named, id: skill.id, reason: message(named) };
}
