// Writes schema/manifest.schema.json and schema/lock.schema.json from the
// zod schemas in src/manifest.ts and src/lock.ts (via the built dist), for
// editors and tools that do not run zod. A test compares the committed files
// with the schemas, so run this after any change: pnpm --filter @skillshelf/shelf schema
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { lockJsonSchema, manifestJsonSchema } from "../dist/index.js";

for (const [name, schema] of [
  ["manifest", manifestJsonSchema()],
  ["lock", lockJsonSchema()],
]) {
  const target = fileURLToPath(new URL(`../schema/${name}.schema.json`, import.meta.url));
  await writeFile(target, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${target}`);
}
