// resources/directory/read: the direct children of a directory of a skill
// (its root `skill://<id>` or any directory below it), taken from the
// skill's manifest, since a skill's files are exactly what its record
// lists. A file, an unknown directory or a directory of another skill is
// Invalid params; nothing on disk is listed.
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { invalidParams } from "./errors.js";
import { DIRECTORY_MIME_TYPE, mimeTypeOf } from "./mime.js";
import { readUri, servedSkill } from "./served.js";
import type { SkillSource } from "./skill-source.js";
import { fileUriOf } from "./skill-uri.js";

/** The direct children of the directory `uri` names, sorted by name. */
export async function readSkillDirectory(source: SkillSource, uri: string): Promise<Resource[]> {
  const { id, path } = readUri(uri);
  const skill = await servedSkill(source, id);
  const notDirectory = () =>
    invalidParams({
      code: "not-a-directory",
      reason: `${fileUriOf(id, path)} is not a directory resource of skill '${id}'.`,
    });
  if (skill.files.some((file) => file.path === path)) throw notDirectory();
  const prefix = path === "" ? "" : `${path}/`;
  const children = new Map<string, Resource>();
  for (const file of skill.files) {
    if (!file.path.startsWith(prefix)) continue;
    const rest = file.path.slice(prefix.length);
    const slash = rest.indexOf("/");
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (children.has(name)) continue;
    children.set(
      name,
      slash === -1
        ? { uri: fileUriOf(id, file.path), name, mimeType: mimeTypeOf(file.path), size: file.size }
        : { uri: fileUriOf(id, `${prefix}${name}`), name, mimeType: DIRECTORY_MIME_TYPE },
    );
  }
  if (children.size === 0 && path !== "") throw notDirectory();
  return [...children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
