// A strict TypeScript consumer compiled against the shipped .d.ts files with
// module "nodenext": the types must resolve from the tarballs alone and must
// be precise enough that misuse fails to compile (the @ts-expect-error lines).
import {
  limits,
  message,
  type ReadResult,
  type Refusal,
  readBundle,
  type Skill,
} from "@skillshelf/bundle-reader";
import { type Payload, payload, readPayload } from "@skillshelf/payload";
import { openShelf, type Shelf } from "@skillshelf/shelf";
import {
  type Catalog,
  catalog,
  DirectoryStore,
  install,
  type OfferedSkill,
  type Roots,
} from "@skillshelf/skill-catalog";

export async function describeBundle(path: string): Promise<string> {
  const result: ReadResult = await readBundle({ kind: "path", path });
  if (!result.ok) {
    const refusal: Refusal = result.refusal;
    return `${refusal.code}: ${message(refusal)}`;
  }
  const skills: Skill[] = result.skills;
  return skills.map((s) => `${s.name} (${s.files.length} files)`).join("\n");
}

export async function installAndHandOut(dir: string, skills: Skill[]): Promise<Payload | string> {
  const roots: Roots = {
    builtin: `${dir}/skills`,
    managed: new DirectoryStore(`${dir}/data/skills`),
  };
  const installed = await install(roots, skills, { replace: true });
  if (!installed.ok) return message(installed.refusal);
  const listed: Catalog = await catalog(roots);
  const first: OfferedSkill | undefined = listed.skills[0];
  const built = await payload(roots);
  if (!built.ok) return message(built.refusal);
  const again = await readPayload(`${dir}/run/skills.json`);
  return again.ok ? again.payload : `${first?.id ?? "none"}: ${message(again.refusal)}`;
}

export async function openWorkspace(dir: string): Promise<Shelf | string> {
  const opened = await openShelf({ workspace: dir, data: `${dir}/data`, tool: "consumer 1.0.0" });
  return opened.ok ? opened.shelf : message(opened.refusal);
}

export const maxEntries: number = limits().maxEntries;

// @ts-expect-error a source kind that does not exist
await readBundle({ kind: "zip", path: "x.zip" });

export async function misuse(result: ReadResult): Promise<void> {
  // @ts-expect-error skills exist only on the ok branch
  result.skills.length;
}
