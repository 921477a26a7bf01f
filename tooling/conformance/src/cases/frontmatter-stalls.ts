// Bundles whose frontmatter once crashed or stalled a surface, kept out of
// the table every surface runs in every form (each is a few hundred KiB of
// text, and the first one's verdict depends on the stage: the reader warns,
// the destination refuses), and run by each surface's own tests from the
// .tgz the kit's tar writer builds (`buildTarGz`).
import type { Case } from "../types.js";
import { file, refused, skill } from "./helpers.js";

/**
 * One skill whose SKILL.md is over the catalog's 262,144-byte limit: a
 * frontmatter of 64,000 `[` that closes within the 64 KiB window, then
 * 300,000 bytes of body. The reader warns (`skill-file-too-large`) without
 * parsing it; the findings once parsed it anyway and overflowed the stack.
 */
export const deepBracketsPastSkillLimit: Case = {
  name: "a SKILL.md over the limit with 64,000 nested '[' in its frontmatter",
  entries: [file("alpha/SKILL.md", `---\na: ${"[".repeat(64_000)}\n---\n${"x".repeat(300_000)}\n`)],
  verdict: refused("skill-file-too-large"),
  read: {
    ok: true,
    skills: [skill("alpha", ["SKILL.md"])],
    warnings: ["skill-file-too-large alpha frontmatter"],
  },
};

const COSTLIEST_SKILLS = 4;
const COSTLIEST_BLOCK_BYTES = 64_000;

/** A frontmatter block of `bytes` bytes in the costliest shape within the bounds: a flow sequence of commas, each an error. */
function costliestBlock(name: string, bytes: number): string {
  const head = `name: ${name}\na: [`;
  return `${head}${",".repeat(bytes - head.length - 1)}]`;
}

/**
 * Four skills, each with 64,000 bytes of the costliest frontmatter the
 * bounds let through (256 KiB of YAML, all one bundle may parse): once 1.1 s
 * in the reader and 2.5 s more in the findings, all in one turn of the
 * server's event loop. Each block is invalid YAML, so the reader warns and
 * the destination refuses the skills' identity.
 */
export const costliestFrontmatter: Case = {
  name: "four skills of 64,000 bytes of the costliest frontmatter",
  entries: Array.from({ length: COSTLIEST_SKILLS }, (_, i) => {
    const name = `s${String(i).padStart(2, "0")}`;
    return file(
      `${name}/SKILL.md`,
      `---\n${costliestBlock(name, COSTLIEST_BLOCK_BYTES)}\n---\n# ${name}\n`,
    );
  }),
  verdict: refused("invalid-frontmatter"),
  read: {
    ok: true,
    skills: Array.from({ length: COSTLIEST_SKILLS }, (_, i) =>
      skill(`s${String(i).padStart(2, "0")}`, ["SKILL.md"]),
    ),
  },
};
