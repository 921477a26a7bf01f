export { type PayloadResult, payload } from "./build-payload.js";
export { MAX_PAYLOAD_BYTES } from "./limits.js";
export {
  type MaterializeResult,
  materialize,
  PAYLOAD_FILE_NAME,
  writePayload,
} from "./materialize.js";
export { type ReadPayloadResult, readPayload } from "./read-payload.js";
export {
  type Payload,
  type PayloadOrigin,
  type PayloadRefusal,
  type PayloadSkill,
  payloadJsonSchema,
  payloadSchema,
} from "./schema.js";
export { type WatchEvent, type WatchOptions, watchPayload } from "./watch.js";
