// The payload's bound is the contract's MAX_PAYLOAD_BYTES, the one figure
// both the destination (which refuses an install over it) and the payload
// enforce; it is re-exported here for the payload's readers.
export { MAX_PAYLOAD_BYTES } from "@skillshelf/contract";
