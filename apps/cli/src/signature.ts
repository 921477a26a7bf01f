// How a skill's signature reads in a table: who signed it (principal and
// key), that it is unsigned, or that its SKILL.sig proves nothing here, with
// the one table's sentence saying why.
import { message } from "@skillshelf/bundle-reader";
import type { SignatureStatus } from "@skillshelf/shelf";
import { type Channel, escapeControl } from "./output.js";

/**
 * `signed by alice@example.com`, `unsigned`, untrusted or bad, painted (the
 * key is in --json and show). `quiet` leaves an unsigned skill's cell empty,
 * for the tables of check and import where most skills are unsigned.
 */
export function signatureLabel(out: Channel, status: SignatureStatus, quiet = false): string {
  if (status.status === "signed")
    return out.paint("green", `signed by ${escapeControl(status.principal)}`);
  if (status.status === "unsigned") return quiet ? "" : out.paint("dim", "unsigned");
  if (status.status === "untrusted") return out.paint("yellow", "signed by an untrusted key");
  return out.paint("red", "bad signature");
}

/** The sentence under an untrusted or bad signature's row; undefined otherwise. */
export function signatureProblem(status: SignatureStatus): string | undefined {
  return status.status === "bad" || status.status === "untrusted"
    ? message(status.refusal, "cli")
    : undefined;
}
