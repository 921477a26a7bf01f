// Builds the payload from one consistent view of the catalog: the catalog
// reads each body once and digests exactly the bytes it read, and the revision
// is computed here from those very digests, so a body edited while the
// payload is built yields either the old set with the old revision or the new
// set with the new one. Each body is hashed once more against its digest (one
// SHA-256 pass, linear in the bytes): a pair that disagrees is a bug upstream,
// refused as internal rather than handed to a worker. A root that cannot be
// listed is refused as store-failed with the system's words.
import { resolve } from "node:path";
import { MAX_PAYLOAD_BYTES, type Refusal } from "@skillshelf/contract";
import {
  catalogWithBodies,
  type GateOptions,
  gateCatalog,
  type RefusedSkill,
  type Roots,
  refusePayloadTooLarge,
  revisionOf,
} from "@skillshelf/skill-catalog";
import { countBodyBytes, digestText } from "./digest.js";
import { manifestsOf } from "./manifests.js";
import type { Payload, PayloadRefusal, PayloadSkill } from "./schema.js";

export type PayloadResult =
  /** `allowed`: drifted or unapproved skills offered only because the options said allowDrift. */
  { ok: true; payload: Payload; allowed: RefusedSkill[] } | { ok: false; refusal: Refusal };

/**
 * The offered bodies, their revision, the roots and the refusals, or
 * payload-too-large. Only vouched-for managed skills are offered (the trust
 * gate, skill-catalog's trust-gate.ts): a drifted or unapproved one is refused;
 * with the shelf's signature judge in `options`, so is any skill it withholds
 * (unsigned, bad-signature, untrusted-signer).
 */
export async function payload(roots: Roots, options: GateOptions = {}): Promise<PayloadResult> {
  let view: Awaited<ReturnType<typeof gateCatalog>>;
  try {
    // A worker is handed bodies, not findings: none are worked out here.
    view = await gateCatalog(roots, await catalogWithBodies(roots), {
      ...options,
      findings: false,
    });
  } catch (error) {
    // A root that exists but cannot be listed: the operator's to fix, not a bug.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "store-failed", detail } };
  }
  const manifests = await manifestsOf(roots, view.skills);
  const skills: PayloadSkill[] = [];
  const unlisted: PayloadRefusal[] = [];
  for (const { id, origin, path, digest, text } of view.skills) {
    const manifest = manifests.get(id)!;
    if (!manifest.ok) unlisted.push({ id, code: manifest.code, reason: manifest.reason });
    else {
      const { digest: treeDigest, files } = manifest.tree;
      skills.push({ id, origin, path, digest, text, treeDigest, files });
    }
  }
  const total = countBodyBytes(skills);
  if (total > MAX_PAYLOAD_BYTES) {
    return { ok: false, refusal: refusePayloadTooLarge(total, skills.length) };
  }
  const torn = skills.find((skill) => digestText(skill.text) !== skill.digest);
  if (torn !== undefined) {
    const detail = `the catalog paired skill '${torn.id}' with a body its digest does not describe`;
    return { ok: false, refusal: { code: "internal", skill: torn.id, detail } };
  }
  const refused = [
    ...view.refused.map(({ id, code, reason, changes }) =>
      changes === undefined ? { id, code, reason } : { id, code, reason, files: changes },
    ),
    ...unlisted,
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    ok: true,
    payload: { revision: revisionOf(skills), roots: describeRoots(roots), skills, refused },
    allowed: view.allowed,
  };
}

function describeRoots(roots: Roots): Payload["roots"] {
  return { builtin: resolve(roots.builtin), managed: roots.managed?.location ?? null };
}
