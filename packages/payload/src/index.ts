export { type PayloadResult, payload } from "./build-payload.js";
export {
  type FetchResult,
  fetchSkillFiles,
  fetchSkills,
  type ReadSkillFile,
  type ResourceReader,
} from "./fetch-skills.js";
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
  type PayloadFile,
  type PayloadOrigin,
  type PayloadRefusal,
  type PayloadSkill,
  payloadJsonSchema,
  payloadSchema,
} from "./schema.js";
export { type WatchEvent, type WatchOptions, watchPayload } from "./watch.js";
