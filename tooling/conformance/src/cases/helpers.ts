// Small constructors that keep the case tables readable: entries by kind,
// a skill's SKILL.md, and verdicts.
import type { Entry, PathReason, RefusalCode, Verdict, VerdictSkill } from "../types.js";

export function file(path: string, text = `text of ${path}\n`, extra: Partial<Entry> = {}): Entry {
  return { path, text, ...extra };
}

export function bytes(path: string, content: number[] | Uint8Array): Entry {
  return { path, bytes: Uint8Array.from(content) };
}

export function dir(path: string, extra: Partial<Entry> = {}): Entry {
  return { path, kind: "dir", ...extra };
}

/** A SKILL.md for the skill in `folder` ("" for the root). */
/** A SKILL.md titled after its own directory, so the bundle also passes the destination. */
export function skillFile(folder: string, name = folder.split("/").at(-1) ?? folder): Entry {
  return file(folder === "" ? "SKILL.md" : `${folder}/SKILL.md`, `# ${name}\n\nDoes ${name}.\n`);
}

export function accepted(...skills: VerdictSkill[]): Verdict {
  return { ok: true, skills };
}

export function skill(
  name: string,
  files: string[],
  extra: Partial<VerdictSkill> = {},
): VerdictSkill {
  return { name, files: [...files].sort(), ...extra };
}

export function refused(code: RefusalCode, path?: string, why?: PathReason): Verdict {
  return {
    ok: false,
    code,
    ...(path === undefined ? {} : { path }),
    ...(why === undefined ? {} : { why }),
  };
}

export const text = (value: string): Uint8Array => new TextEncoder().encode(value);
