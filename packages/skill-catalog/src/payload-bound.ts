// The payload's one fixed bound, owned here because two layers enforce it:
// the destination (an install that would take the offered bodies over it is
// refused, and a dry run says so) and the payload itself (which stays the
// last guard for hand-made changes). A worker holds every offered body in
// memory at once, so the sum of their UTF-8 bytes is capped; the per-file
// cap (256 KiB) alone would let ten thousand skills add up to gigabytes. The
// figure itself is the contract's MAX_PAYLOAD_BYTES; its use is owned here.
import { formatCount, MAX_PAYLOAD_BYTES, type Refusal } from "@skillshelf/contract";

/** How much of the bound a set of offered skills uses. */
export type PayloadUse = { bytes: number; limit: number };

/** The bytes a set of offered skills' bodies total, against the bound. */
export function payloadUse(skills: readonly { bytes: number }[]): PayloadUse {
  let bytes = 0;
  for (const skill of skills) bytes += skill.bytes;
  return { bytes, limit: MAX_PAYLOAD_BYTES };
}

/**
 * The refusal for offered bodies over the bound, with the figures; `install`
 * says the bodies would total that once the install is done.
 */
export function refusePayloadTooLarge(
  bytes: number,
  count: number,
  when: "now" | "after-install" = "now",
): Refusal {
  const figures = `${formatCount(count)} bodies ${when === "now" ? "total" : "would total"} ${formatCount(bytes)} bytes`;
  const detail = when === "now" ? `the ${figures}` : `after this install the ${figures}`;
  return { code: "payload-too-large", limit: MAX_PAYLOAD_BYTES, detail };
}
