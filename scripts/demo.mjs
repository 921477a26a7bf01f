// Reads the sample bundle shipped in examples/ and prints its skills or the
// refusal: the library on its own, before any CLI or server.
import { fileURLToPath } from "node:url";
import { message, readBundle } from "@skillshelf/bundle-reader";

const source =
  process.argv[2] ?? fileURLToPath(new URL("../examples/sample-bundle", import.meta.url));
const result = await readBundle({ kind: "path", path: source });
if (!result.ok) {
  console.error(`refused (${result.refusal.code}): ${message(result.refusal)}`);
  process.exit(1);
}
for (const skill of result.skills) {
  console.log(`${skill.name}`);
  for (const file of skill.files) {
    console.log(
      `  ${file.executable ? "x" : "-"} ${file.path} (${Buffer.byteLength(file.text)} bytes)`,
    );
  }
}
