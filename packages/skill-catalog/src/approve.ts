// An operator vouches for a managed skill's files as they are now: the files
// are read once from the store, judged by install's own rules, and written
// back with a record of that very tree, who approved it and when, through
// the store's all-or-nothing install step. So a crash mid-approve leaves the
// old skill and the old record, and a file edited while approving is either
// in the approved tree or drift the next read finds: the store ends holding
// exactly the bytes the record describes. The source and install time of
// the old record are kept, so `update` still knows where the skill came from.
// What those very bytes hide is judged as an import judges it
// (acceptFindings over findingsOf): a refusing finding refuses the approve
// with `hidden-content` unless the operator accepts its code now, having
// read it; an acceptance made for the source's bytes does not carry over
// to bytes nobody fetched. The codes accepted join the record's, which
// `update` still needs for the source's bytes.
import {
  acceptFindings,
  type Finding,
  type FindingCode,
  findingsOf,
  skillFileOf,
} from "@skillshelf/bundle-reader";
import { isValidId, type Refusal } from "@skillshelf/contract";
import { admitInstall, validateBundle } from "./plan-install.js";
import { type InstallRecord, type Tree, treeOf } from "./record.js";
import type { Roots } from "./roots.js";
import { storeFailure } from "./store-failure.js";

export type ApproveOptions = {
  /** Who vouches: the OS user, or the name of the server's token. */
  by: string;
  /** The tool, as `name version`, kept as the record's tool. */
  tool: string;
  /** Finding codes the operator accepts for the files as they are now (`--accept`, `accept=`). */
  accept?: readonly FindingCode[] | undefined;
};

/**
 * What approve did: `findings` are those of the files approved (warnings,
 * and refusing ones whose code was accepted); a `hidden-content` refusal
 * carries every finding, the refusing ones first.
 */
export type ApproveResult =
  | {
      ok: true;
      id: string;
      tree: Tree;
      previous?: Tree;
      approved: { by: string; at: string };
      findings: Finding[];
    }
  | { ok: false; refusal: Refusal; findings?: Finding[] };

/** Records the managed skill `id`'s files as they are now as vouched for by `options.by`. */
export async function approve(
  roots: Roots,
  id: string,
  options: ApproveOptions,
): Promise<ApproveResult> {
  const { builtin, managed } = roots;
  if (managed === undefined) return { ok: false, refusal: { code: "no-managed-root", skill: id } };
  const unknown = { code: "unknown-skill" as const, skill: id };
  if (!isValidId(id)) return { ok: false, refusal: { ...unknown, detail: "it is not a valid id" } };
  try {
    const [stored, read] = await Promise.all([managed.files(id), managed.record(id)]);
    // A record that cannot be used is replaced: approving vouches for the files anew.
    const previous = read.kind === "record" ? read.record : undefined;
    if (!stored.ok) {
      return "absent" in stored
        ? { ok: false, refusal: { ...unknown, detail: "it is not a managed skill" } }
        : { ok: false, refusal: { ...stored.refusal, skill: id } };
    }
    const files = stored.files.map((f) => skillFileOf(f.path, f.bytes, f.executable));
    const skill = { name: id, files };
    const invalid = validateBundle([skill]);
    if (invalid !== undefined) return { ok: false, refusal: invalid };
    const judged = acceptFindings(findingsOf(skill), options.accept ?? []);
    if (!judged.ok) return judged;
    const accepted = [
      ...new Set([...(previous?.accepted ?? []), ...(options.accept ?? [])]),
    ].sort();
    const at = new Date().toISOString();
    const tree = treeOf(files);
    const approved = { by: options.by, at };
    const record: InstallRecord = {
      ...(previous ?? {}),
      id,
      installedAt: previous?.installedAt ?? at,
      tool: options.tool,
      tree,
      approved,
      ...(accepted.length === 0 ? {} : { accepted }),
    };
    const written = await managed.install([{ skill, record }], async (view) => {
      const plan = await admitInstall(builtin, managed, view, [skill], true);
      return plan.ok ? undefined : plan.refusal;
    });
    if (!written.ok) return written;
    return {
      ok: true,
      id,
      tree,
      ...(previous === undefined ? {} : { previous: previous.tree }),
      approved,
      findings: judged.findings,
    };
  } catch (error) {
    return { ok: false, refusal: storeFailure(error, id) };
  }
}
