// Short ways for tests to read a source and look at the outcome.
import { expect } from "vitest";
import { readBundle } from "../../src/index.js";
import type { ReadResult, Refusal, Skill, UploadFile } from "../../src/types.js";

export const readBytes = (bytes: Uint8Array, name?: string): Promise<ReadResult> =>
  readBundle({ kind: "archive", bytes, ...(name === undefined ? {} : { name }) });

export const readPathOf = (path: string): Promise<ReadResult> => readBundle({ kind: "path", path });

export const readUploads = (files: Record<string, string | Uint8Array>): Promise<ReadResult> =>
  readBundle({
    kind: "uploads",
    files: Object.entries(files).map(
      ([path, content]): UploadFile => ({
        path,
        bytes: typeof content === "string" ? Buffer.from(content) : content,
      }),
    ),
  });

/** The refusal of a result that must be refused. */
export function refusalOf(result: ReadResult): Refusal {
  if (result.ok) expect.fail(`expected a refusal, got skills ${JSON.stringify(result.skills)}`);
  return result.refusal;
}

/** The skills of a result that must be accepted. */
export function skillsOf(result: ReadResult): Skill[] {
  if (!result.ok) expect.fail(`expected skills, got ${JSON.stringify(result.refusal)}`);
  return result.skills;
}

/** Skills as names and file paths, for compact expectations. */
export function shapeOf(result: ReadResult): Record<string, string[]> {
  return Object.fromEntries(skillsOf(result).map((s) => [s.name, s.files.map((f) => f.path)]));
}
