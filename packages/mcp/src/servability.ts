// Whether a skill can be served through the Skills extension, and how well.
// The extension requires SKILL.md frontmatter with `name` (equal to the
// skill's id, the last segment of its URI) and `description`; a skill
// offered by the catalog under the title rule alone has neither, so it is
// not listed and `skills/get` of it is an error (`mcp-unservable`). The
// extension's per-skill limits (512 files, 16 MiB) only warn: a host may
// still take such a skill, so it is served (`mcp-over-limits`).
import { type Skill, skillFileFrontmatter } from "@skillshelf/bundle-reader";
import type { ServedSkill } from "./skill-source.js";

/** Resources per skill a host must accept (SKILL.md included). */
export const MAX_MCP_FILES = 512;
/** Total bytes per skill a host must accept. */
export const MAX_MCP_BYTES = 16_777_216;

export type McpWarning = {
  code: "mcp-unservable" | "mcp-over-limits";
  skill: string;
  reason: string;
};

/** What servability is judged on: the id, the SKILL.md frontmatter, and each file's size. */
export type ServabilityFacts = Pick<ServedSkill, "id" | "frontmatter"> & {
  files: readonly { size: number }[];
};

/** What keeps `skill` from being served (`mcp-unservable`) or from every host taking it (`mcp-over-limits`). */
export function mcpServability(skill: ServabilityFacts): McpWarning[] {
  const warnings: McpWarning[] = [];
  const missing = missingFields(skill);
  if (missing !== undefined) {
    warnings.push({
      code: "mcp-unservable",
      skill: skill.id,
      reason: `The skill '${skill.id}' is not served over MCP: its SKILL.md frontmatter ${missing}; add a frontmatter block with 'name: ${skill.id}' and a 'description'.`,
    });
  }
  const bytes = skill.files.reduce((sum, file) => sum + file.size, 0);
  if (skill.files.length > MAX_MCP_FILES || bytes > MAX_MCP_BYTES) {
    warnings.push({
      code: "mcp-over-limits",
      skill: skill.id,
      reason: `The skill '${skill.id}' has ${skill.files.length} files of ${bytes} bytes, over the ${MAX_MCP_FILES} files or ${MAX_MCP_BYTES} bytes every MCP host must accept; some hosts may decline it.`,
    });
  }
  return warnings;
}

/** Whether `skill` may be listed and answered by `skills/get`. */
export const isServable = (skill: ServabilityFacts): boolean => missingFields(skill) === undefined;

/** The same judgement of a skill as read from a bundle, before it is stored (check, import). */
export function bundleServability(skill: Skill): McpWarning[] {
  const file = skill.files.find((one) => one.path === "SKILL.md");
  // As the reader read it: a bundle's frontmatter is parsed once.
  const read = file === undefined ? ({ kind: "absent" } as const) : skillFileFrontmatter(file);
  return mcpServability({
    id: skill.name,
    frontmatter: read.kind === "present" ? read.fields : undefined,
    files: skill.files.map((file) => ({ size: file.bytes.length })),
  });
}

function missingFields(skill: ServabilityFacts): string | undefined {
  const fields = skill.frontmatter;
  if (fields === undefined) return "is absent";
  if (fields.name !== skill.id) return `has no 'name' equal to '${skill.id}'`;
  if (typeof fields.description !== "string" || fields.description.trim() === "") {
    return "has no 'description'";
  }
  return undefined;
}
