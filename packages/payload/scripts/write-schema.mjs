// Writes schema/payload.schema.json from the zod schema in src/schema.ts (via
// the built dist), so workers in other languages read the same contract. A
// test compares the committed file with the schema, so run this after any
// change to the schema: pnpm --filter @skillshelf/payload schema
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { payloadJsonSchema } from "../dist/index.js";

const target = fileURLToPath(new URL("../schema/payload.schema.json", import.meta.url));
await writeFile(target, `${JSON.stringify(payloadJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
