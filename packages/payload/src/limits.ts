// The payload's bound is skill-catalog's (payload-bound.ts), the one owner
// both the destination (which refuses an install over it) and the payload
// enforce; it is re-exported here for the payload's readers.
export { MAX_PAYLOAD_BYTES } from "@skillshelf/skill-catalog";
