// Builds the payload from one consistent view of the catalog: the catalog
// reads each body once and digests exactly the bytes it read, and the revision
// is recomputed here from those very digests, so a body edited while the
// payload is built yields either the old set with the old revision or the new
// set with the new one. Each body's digest is checked once more against its
// text (one SHA-256 pass, linear in the bytes); a view that fails the check is
// taken again rather than handed to a worker.
import { resolve } from "node:path";
import type { DestinationRefusal } from "@skillshelf/bundle-reader";
import { catalogWithBodies, revisionOf } from "@skillshelf/skill-catalog";
import { digestText } from "./digest.js";
import { MAX_PAYLOAD_BYTES } from "./limits.js";
import type { Payload, PayloadSkill } from "./schema.js";

/** The roots a payload is taken from: a builtin root and, optionally, a managed one. */
export type PayloadRoots = { builtin: string; managed?: string | undefined };

export type PayloadResult =
  | { ok: true; payload: Payload }
  | { ok: false; refusal: DestinationRefusal };

const VIEW_ATTEMPTS = 3;

/** The offered bodies, their revision, the roots and the refusals, or payload-too-large. */
export async function payload(roots: PayloadRoots): Promise<PayloadResult> {
  for (let attempt = 1; ; attempt++) {
    const view = await catalogWithBodies(roots);
    const skills: PayloadSkill[] = view.skills.map(({ id, origin, path, digest, text }) => ({
      id,
      origin,
      path,
      digest,
      text,
    }));
    const total = countBodyBytes(skills);
    if (total > MAX_PAYLOAD_BYTES) return refuseTooLarge(total, skills.length);
    const torn = skills.find((skill) => digestText(skill.text) !== skill.digest);
    if (torn === undefined) {
      const refused = view.refused.map(({ id, code, reason }) => ({ id, code, reason }));
      return {
        ok: true,
        payload: { revision: revisionOf(skills), roots: describeRoots(roots), skills, refused },
      };
    }
    if (attempt === VIEW_ATTEMPTS) {
      const detail = `the catalog handed a body of '${torn.id}' that its digest does not describe`;
      return { ok: false, refusal: { code: "internal", skill: torn.id, detail } };
    }
  }
}

function countBodyBytes(skills: readonly PayloadSkill[]): number {
  let total = 0;
  for (const skill of skills) total += Buffer.byteLength(skill.text, "utf8");
  return total;
}

function refuseTooLarge(total: number, count: number): PayloadResult {
  const detail = `the ${count.toLocaleString("en-US")} bodies total ${total.toLocaleString("en-US")} bytes`;
  return { ok: false, refusal: { code: "payload-too-large", limit: MAX_PAYLOAD_BYTES, detail } };
}

function describeRoots(roots: PayloadRoots): Payload["roots"] {
  return {
    builtin: resolve(roots.builtin),
    managed: roots.managed === undefined ? null : resolve(roots.managed),
  };
}
