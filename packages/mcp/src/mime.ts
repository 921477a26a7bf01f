// The MIME type a served file is announced with. SKILL.md is Markdown, as the
// Skills extension asks; other files get the type their extension names in a
// short table of what skills carry, and text/plain otherwise (every stored
// file is UTF-8 text; a builtin binary file is sent as a blob whatever its type).

const byExtension: Readonly<Record<string, string>> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  py: "text/x-python",
  sh: "application/x-sh",
  bash: "application/x-sh",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  ts: "text/x-typescript",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  xml: "application/xml",
  html: "text/html",
  css: "text/css",
  csv: "text/csv",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  pdf: "application/pdf",
};

/** The directory type of the Skills extension's directory resources. */
export const DIRECTORY_MIME_TYPE = "inode/directory";

/** The MIME type of the file at `path` (a path below a skill's root). */
export function mimeTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "text/plain";
  return byExtension[name.slice(dot + 1).toLowerCase()] ?? "text/plain";
}
