// Read-only tokens a worker holds: it may list, get and read skills, use
// /mcp and fetch the payload, and nothing else. Two kinds are taken. One
// named in SKILLSHELF_READ_TOKEN, and minted ones: `read.<name>.<mac>`,
// where mac is HMAC-SHA256 keyed with the admin token over "read:<name>",
// base64url. A minted token needs no storage: every replica that holds the
// admin token verifies it by recomputing the mac, so `skillshelf-server
// token --read-only --name <worker>` may run anywhere the admin token is
// known, and changing the admin token revokes every minted read token.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** A worker's name in a minted token: letters, digits, `_` and `-`, at most 64. */
export const READ_TOKEN_NAME: RegExp = /^[A-Za-z0-9_-]{1,64}$/;

const macOf = (adminToken: string, name: string): string =>
  createHmac("sha256", adminToken).update(`read:${name}`, "utf8").digest("base64url");

/** The read-only token for `name`, derived from the admin token. */
export function mintReadToken(adminToken: string, name: string): string {
  return `read.${name}.${macOf(adminToken, name)}`;
}

const digestOf = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** Whether two strings are equal, compared in constant time over their digests. */
export function sameSecret(offered: string, expected: string): boolean {
  return timingSafeEqual(digestOf(offered), digestOf(expected));
}

/** Whether `offered` is a read token minted from `adminToken` (any name). */
export function isMintedReadToken(offered: string, adminToken: string): boolean {
  const match = /^read\.([^.]+)\.([A-Za-z0-9_-]+)$/.exec(offered);
  const name = match?.[1] ?? "";
  const named = READ_TOKEN_NAME.test(name);
  // The mac is recomputed and compared even for a malformed token, so a refusal costs the same.
  const same = sameSecret(offered, `read.${name}.${macOf(adminToken, name)}`);
  return same && named && match !== null;
}
