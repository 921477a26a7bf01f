export { CHANNEL, RESYNC } from "./feed.js";
export { describeLocation, parseStoreUrl, type StoreUrlResult } from "./location.js";
export { type OpenOptions, type OpenResult, openPostgresStore } from "./open.js";
export { type MigrateResult, SCHEMA_VERSION } from "./schema.js";
export { describeStoreError, type PostgresStore } from "./store.js";
