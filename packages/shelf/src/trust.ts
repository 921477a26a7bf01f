// Whose signatures this shelf honours, decided once: the allowed_signers
// file (`trust`, else $SKILLSHELF_TRUST), the revoked keys
// (`revoked`, else $SKILLSHELF_REVOKED_KEYS) and whether only signed
// skills are accepted (`requireSigned`, or $SKILLSHELF_REQUIRE_SIGNED=1).
// openShelf calls this; the import flow and verify apply what it decided,
// so every surface holds a skill to the same policy.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Refusal } from "@skillshelf/contract";
import {
  type AllowedSigner,
  parseAllowedSigners,
  parseRevokedKeys,
  type RevokedKey,
} from "@skillshelf/signatures";
import type { Env } from "./locations.js";

/** The trust a shelf holds skills to. */
export type Trust = {
  allowedSigners: readonly AllowedSigner[];
  revoked?: readonly RevokedKey[] | undefined;
  /** Refuse an unsigned skill, or one whose signature does not verify against `allowedSigners`. */
  requireSigned: boolean;
};

/** What a surface may name about trust: the files, and the policy. */
export type TrustOptions = {
  /** An OpenSSH allowed_signers file, over $SKILLSHELF_TRUST. */
  trust?: string | undefined;
  /** A file of revoked public keys, over $SKILLSHELF_REVOKED_KEYS. */
  revoked?: string | undefined;
  /** Only signed skills are accepted; also $SKILLSHELF_REQUIRE_SIGNED=1. */
  requireSigned?: boolean | undefined;
};

/** No trust file, no policy: signatures are reported, nothing is refused for them. */
export const NO_TRUST: Trust = { allowedSigners: [], requireSigned: false };

export type DecideTrustResult = { ok: true; trust: Trust } | { ok: false; refusal: Refusal };

const named = (value: string | undefined): string | undefined =>
  value === undefined || value === "" ? undefined : value;

/** Reads and parses the trust files `options` and `env` name; a refusal names the file and line. */
export async function decideTrust(
  options: TrustOptions,
  env: Env,
  cwd: string,
): Promise<DecideTrustResult> {
  const requireSigned = options.requireSigned === true || env.SKILLSHELF_REQUIRE_SIGNED === "1";
  const trustFile = named(options.trust) ?? named(env.SKILLSHELF_TRUST);
  const revokedFile = named(options.revoked) ?? named(env.SKILLSHELF_REVOKED_KEYS);
  let allowedSigners: readonly AllowedSigner[] = [];
  if (trustFile !== undefined) {
    const text = await readText(resolve(cwd, trustFile));
    if (!text.ok) return refuse(trustFile, text.detail);
    const parsed = parseAllowedSigners(text.text);
    if (!parsed.ok) return refuse(trustFile, phraseOf(parsed.refusal.reason));
    allowedSigners = parsed.signers;
  }
  let revoked: readonly RevokedKey[] | undefined;
  if (revokedFile !== undefined) {
    const text = await readText(resolve(cwd, revokedFile));
    if (!text.ok) return refuse(revokedFile, text.detail);
    const parsed = parseRevokedKeys(text.text);
    if (!parsed.ok) return refuse(revokedFile, phraseOf(parsed.refusal.reason));
    revoked = parsed.keys;
  }
  return { ok: true, trust: { allowedSigners, revoked, requireSigned } };
}

async function readText(
  path: string,
): Promise<{ ok: true; text: string } | { ok: false; detail: string }> {
  try {
    return { ok: true, text: await readFile(path, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      detail: code === "ENOENT" ? "it does not exist" : `it cannot be read (${code ?? "error"})`,
    };
  }
}

/** A signatures sentence as a phrase for the table's sentence: no capital, no final stop. */
export const phraseOf = (reason: string): string =>
  reason.replace(/\.$/, "").replace(/^[A-Z]/, (c) => c.toLowerCase());

const refuse = (path: string, detail: string): DecideTrustResult => ({
  ok: false,
  refusal: { code: "invalid-trust-file", path, detail },
});
