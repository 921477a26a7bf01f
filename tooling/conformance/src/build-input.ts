// Builds one case into one form inside a scratch directory: the folder, the
// archive file (named `<root>.tar`, `<root>.tgz` or `<root>.zip`) together with its bytes,
// or the upload list. Every surface starts from this, so they all see the
// same bundle.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildFolder } from "./build-folder.js";
import { buildUploads } from "./build-uploads.js";
import { rootOf } from "./entry-paths.js";
import { buildTar, buildTarGz } from "./tar/build-tar.js";
import type { BuiltInput, Case, Form } from "./types.js";
import { buildZip } from "./zip/build-zip.js";

export type BuildOptions = {
  /** Whether the archive keeps its name (a file on disk, a named upload); default true. */
  named?: boolean;
};

/** The file name an archive form is written under. */
export function archiveFileName(c: Case, form: "tar" | "tgz" | "zip"): string {
  if (form === "zip") return `${rootOf(c)}${c.zipExtension ?? ".zip"}`;
  return `${rootOf(c)}${form === "tar" ? ".tar" : (c.gzipExtension ?? ".tgz")}`;
}

export async function buildInput(
  c: Case,
  form: Form,
  dir: string,
  options: BuildOptions = {},
): Promise<BuiltInput> {
  if (form === "folder") return { case: c, form, path: await buildFolder(c, dir) };
  if (form === "uploads") return { case: c, form, uploads: buildUploads(c) };
  const bytes = form === "tar" ? buildTar(c) : form === "zip" ? buildZip(c) : await buildTarGz(c);
  const path = join(dir, archiveFileName(c, form));
  await writeFile(path, bytes);
  const named = options.named ?? true;
  return { case: c, form, path, bytes, ...(named ? { archiveName: rootOf(c) } : {}) };
}

/** An archive input as the reader's archive source: its bytes, named when the surface passes a name. */
export function archiveSourceOf(input: BuiltInput): {
  kind: "archive";
  bytes: Uint8Array;
  name?: string;
} {
  if (input.bytes === undefined) throw new Error(`the ${input.form} form has no archive bytes`);
  return input.archiveName === undefined
    ? { kind: "archive", bytes: input.bytes }
    : { kind: "archive", bytes: input.bytes, name: input.archiveName };
}
