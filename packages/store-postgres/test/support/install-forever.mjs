// A writer to kill: opens the store at argv[2] and replaces skills
// `torn-0` … `torn-3` with new bundles of many files, over and over, until
// it is killed. Each round prints one line, so the parent knows it is busy.
import { createHash } from "node:crypto";
import { readBundle } from "@skillshelf/bundle-reader";
import { openPostgresStore } from "../../dist/index.js";

const opened = await openPostgresStore(process.argv[2]);
if (!opened.ok) {
  console.error(opened.refusal.detail);
  process.exit(1);
}
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const encoder = new TextEncoder();
for (let round = 0; ; round++) {
  const files = [];
  for (let s = 0; s < 4; s++) {
    const id = `torn-${s}`;
    files.push({ path: `${id}/SKILL.md`, bytes: encoder.encode(`# ${id}\n\nround ${round}\n`) });
    for (let f = 0; f < 150; f++) {
      files.push({
        path: `${id}/refs/${f}.md`,
        bytes: encoder.encode(`round ${round} file ${f}\n`.repeat(20)),
      });
    }
  }
  const read = await readBundle({ kind: "uploads", files });
  if (!read.ok) throw new Error(read.refusal.code);
  const staged = read.skills.map((skill) => {
    const tree = skill.files.map((file) => {
      const bytes = encoder.encode(file.text);
      return {
        path: file.path,
        executable: file.executable,
        size: bytes.length,
        sha256: sha256(bytes),
      };
    });
    return {
      skill,
      record: {
        id: skill.name,
        source: { kind: "uploads" },
        installedAt: new Date().toISOString(),
        tool: `round ${round}`,
        tree: { digest: sha256(tree.map((file) => file.sha256).join()), files: tree },
      },
    };
  });
  const result = await opened.store.install(staged, async () => undefined);
  if (!result.ok) throw new Error(result.refusal.detail);
  console.log(`round ${round}`);
}
