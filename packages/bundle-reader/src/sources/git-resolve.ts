// Where a git source's ref points now, asked without fetching anything: one
// `git ls-remote`, under the same environment, bounds and spec rules as a
// read. A frozen sync uses it to learn that nothing moved, so it need not
// fetch trees it already holds. It answers only when the answer is plain: a
// full commit id names itself; a name must match exactly one branch or one
// tag (a tag's peeled commit when it is annotated). Anything else is "cannot
// say" (commit undefined), and the caller reads the source the full way,
// which gives a failure its proper refusal; only a source that did not
// answer in time, or a missing git, is refused here, since the full read
// would wait as long again to fail the same way. The git runner is loaded
// when a ref is asked, not with the package's index, which every command
// loads whether or not it names a git source.
import { Reading } from "../reading.js";
import type { Refusal } from "../types.js";
import type { GitRun } from "./git-run.js";
import { parseGitSource } from "./git-spec.js";
import { makeGitTemp, removeGitTemp } from "./git-temp.js";
import { DEFAULT_GIT_TIMEOUT_MS } from "./git-timeout.js";

const COMMIT = /^[0-9a-f]{40}$/;
const LISTING_CAP = 1024 * 1024;

export type ResolveRefOptions = {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
};

/** The commit a ref names now (undefined: not plainly one), or why the source cannot be asked. */
export type ResolvedRef =
  | { ok: true; commit: string | undefined }
  | { ok: false; refusal: Refusal };

const CANNOT_SAY: ResolvedRef = { ok: true, commit: undefined };

/** The commit `ref` (the default branch when undefined) of the repository at `url` names now, if plainly one. */
export async function resolveGitRef(
  url: string,
  ref: string | undefined,
  options: ResolveRefOptions = {},
): Promise<ResolvedRef> {
  const spec = parseGitSource(`git+${url}${ref === undefined ? "" : `#${ref}`}`);
  if (!spec.ok) return CANNOT_SAY;
  if (ref !== undefined && COMMIT.test(ref)) return { ok: true, commit: ref };
  const [{ runGit }, { gitMissing, timedOut }] = await Promise.all([
    import("./git-run.js"),
    import("./git-fetch.js"),
  ]);
  const home = makeGitTemp();
  if (home === undefined) return CANNOT_SAY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
  const reading = new Reading({ signal: options.signal });
  const cancel = (): void => reading.cancel();
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    const run: GitRun = {
      home,
      deadline: performance.now() + timeoutMs,
      reading,
    };
    const pattern = ref ?? "HEAD";
    // A pattern matches a name's tail, so the peeled line (`<tag>^{}`) needs its own.
    const patterns = [pattern, `${pattern}^{}`];
    const listed = await runGit(run, ["ls-remote", "--end-of-options", url, ...patterns], {
      stdoutCap: LISTING_CAP,
    });
    if (listed.kind === "timeout")
      return { ok: false, refusal: timedOut({ shown: spec.display, timeoutMs }) };
    if (listed.kind === "missing")
      return { ok: false, refusal: gitMissing({ shown: spec.display }) };
    if (listed.kind !== "done" || listed.code !== 0) return CANNOT_SAY;
    return { ok: true, commit: pick(refsOf(listed.stdout.toString("utf8")), pattern) };
  } finally {
    options.signal?.removeEventListener("abort", cancel);
    removeGitTemp(home);
  }
}

/** ls-remote's lines as a map from ref name to commit. */
function refsOf(listing: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const line of listing.split("\n")) {
    const [commit, name] = line.split("\t");
    if (commit !== undefined && name !== undefined && COMMIT.test(commit)) refs.set(name, commit);
  }
  return refs;
}

/** The one commit `name` names among `refs`, as fetch would take it, or undefined when not plain. */
function pick(refs: Map<string, string>, name: string): string | undefined {
  if (name === "HEAD" || name.startsWith("refs/")) return refs.get(`${name}^{}`) ?? refs.get(name);
  const tag = refs.get(`refs/tags/${name}^{}`) ?? refs.get(`refs/tags/${name}`);
  const branch = refs.get(`refs/heads/${name}`);
  if (tag !== undefined && branch !== undefined) return undefined;
  return tag ?? branch;
}
