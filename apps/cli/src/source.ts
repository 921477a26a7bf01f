// Turns the <source> argument into a bundle-reader Source. A git spec
// (`git+https://…#ref`, `github:owner/repo#ref`) is parsed by the reader's
// own parser; a path (folder or archive file) is handed to the reader as is,
// so the reader alone decides what it is; `-` means archive bytes on stdin, read with the reader's own
// cap on an archive (maxArchiveBytes(): a zip carries headers beside what it
// expands to), so more than that is refused as too-large before it is all
// buffered.
import { resolve } from "node:path";
import { isGitSpec, parseGitSource, type Source } from "@skillshelf/bundle-reader";
import { limits, maxArchiveBytes, type Refusal } from "@skillshelf/contract";

export const STDIN_ARGUMENT = "-";

/** What stdin must look like for reading archive bytes from it. */
export type Input = AsyncIterable<Uint8Array | string> & {
  isTTY?: boolean | undefined;
  destroy?: () => unknown;
};

export type SourceOptions = {
  /** The skill name for a single-skill archive on stdin (a file supplies its own). */
  name?: string | undefined;
  stdin?: Input;
  cwd?: string;
  onBytes?: (bytes: number) => void;
};

export type SourceResult =
  | { ok: true; source: Source }
  | { ok: false; refusal: Refusal }
  | { ok: false; usage: string };

export async function resolveSource(
  argument: string,
  options: SourceOptions = {},
): Promise<SourceResult> {
  if (isGitSpec(argument)) {
    if (options.name !== undefined) {
      return {
        ok: false,
        usage: "--name applies only to '-' (stdin); a repository names its skills",
      };
    }
    const spec = parseGitSource(argument);
    if (!spec.ok) return spec;
    const source: Source =
      spec.ref === undefined
        ? { kind: "git", url: spec.url }
        : { kind: "git", url: spec.url, ref: spec.ref };
    return { ok: true, source };
  }
  if (argument !== STDIN_ARGUMENT) {
    if (options.name !== undefined) {
      return { ok: false, usage: "--name applies only to '-' (stdin); a file is named by itself" };
    }
    return { ok: true, source: { kind: "path", path: resolve(options.cwd ?? ".", argument) } };
  }
  const stdin = options.stdin ?? (process.stdin as Input);
  if (stdin.isTTY === true) {
    return {
      ok: false,
      usage:
        "'-' reads an archive from stdin; pipe one in, for example: skillshelf check - < bundle.tgz",
    };
  }
  const read = await readCapped(stdin, maxArchiveBytes(), options.onBytes);
  if (!read.ok) return read;
  const source: Source =
    options.name === undefined
      ? { kind: "archive", bytes: read.bytes }
      : { kind: "archive", bytes: read.bytes, name: options.name };
  return { ok: true, source };
}

/**
 * Reads a stream to its end, or stops at the first byte past `cap` and
 * refuses as the reader would: too-large, against its expanded-bytes limit.
 */
export async function readCapped(
  input: Input,
  cap: number,
  onBytes?: (bytes: number) => void,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; refusal: Refusal }> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of input) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      if (total > cap) {
        // Leaving the loop closes the stream; nothing more is read or kept.
        input.destroy?.();
        return { ok: false, refusal: { code: "too-large", limit: limits().maxBytes } };
      }
      chunks.push(bytes);
      onBytes?.(total);
    }
  } catch (error) {
    // stdin that cannot be read (a directory redirected in, a closed descriptor).
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "unreadable-source", path: STDIN_ARGUMENT, detail } };
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}
