// The payload's one fixed bound. A worker holds every offered body in memory
// at once, so the sum of their UTF-8 bytes is capped; the catalog's per-file
// cap (256 KiB) alone would let ten thousand skills add up to gigabytes.

/** The most UTF-8 bytes the offered skills' bodies may total in one payload. */
export const MAX_PAYLOAD_BYTES = 2_097_152;
