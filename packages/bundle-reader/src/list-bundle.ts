// What a source holds, before anything is imported: the skills found and the
// `path` that selects each, so a user (or the console's checkboxes) can pick
// with `path` and `skills`. The source is read whole, so framing and the
// limits still refuse (a listing of a zip bomb is no listing), but no entry
// is judged and no content is decoded: a binary file does not hide the
// skills around it. The root is chosen as readBundle chooses it.
//
// With `judge`, each skill listed is also judged alone, as `--path P --skill
// NAME` would read it (the reader's rules, then the specification's bounds,
// then the caller's own rule, the catalog's), so a listing says which skills
// import and why the others do not, from one read of the source.

import { concerning } from "@skillshelf/contract";
import type { Entries } from "./entries.js";
import { readEntries, settleOnAbort } from "./read-bundle.js";
import { Reading } from "./reading.js";
import { resolveSkills } from "./resolve.js";
import { chooseRoot, findDeeper, layOut, pathSegments, placeEntries } from "./select.js";
import { specWarnings } from "./spec-warnings.js";
import type { DestinationRefusal, ReadOptions, Refusal, Skill, Source } from "./types.js";

/** One skill a source holds: its name, its directory as stored, and the `path` that selects it. */
export type ListedSkill = {
  name: string;
  /** The skill's directory as the source stores it ("" for a skill at an archive's root). */
  directory: string;
  /** The `path` option that selects the collection (or root skill) holding it; "" for none. */
  path: string;
  /** With `judge`: whether the skill imports when read alone, and the refusal when it does not. */
  verdict?: { importable: true } | { importable: false; refusal: Refusal | DestinationRefusal };
};

export type BundleListing = {
  /** The directory the bundle's root was taken as, as stored ("" for the source's top). */
  root: string;
  /** The skills at the root first, then those found deeper, most populous place first. */
  skills: ListedSkill[];
  /** Dot-directories beside the skills at the root, set aside (never read as skills). */
  setAside: string[];
};

export type ListResult = { ok: true; listing: BundleListing } | { ok: false; refusal: Refusal };

/** A rule of the caller's, held to each skill the reader accepts (the catalog's, say). */
export type JudgeSkill = (skill: Skill) => Refusal | DestinationRefusal | undefined;

export type ListOptions = Pick<ReadOptions, "signal" | "onProgress" | "path" | "gitTimeoutMs"> & {
  /** Judge each skill alone: the reader's rules, then this one (none: the reader's only). */
  judge?: JudgeSkill | true;
};

/** Lists the skills `source` holds (under `path`, when given), judging no entry. */
export function listBundle(source: Source, options: ListOptions = {}): Promise<ListResult> {
  const { signal } = options;
  if (signal?.aborted === true) return Promise.reject(signal.reason);
  const reading = new Reading(options);
  const work = Promise.resolve(readEntries(source, reading)).then(
    async (read): Promise<ListResult> => {
      reading.finish();
      if (!read.ok) return read;
      const placed = placeEntries(read.entries.entries, read.entries.zip === true);
      const asked = options.path === undefined ? undefined : pathSegments(options.path);
      const root =
        asked === undefined && options.path !== undefined ? undefined : chooseRoot(placed, asked);
      if (root === undefined) {
        return { ok: false, refusal: { code: "not-in-source", path: options.path ?? "" } };
      }
      const layout = layOut(placed, root, read.entries.name);
      const here = root.segments.slice(root.base.length).join("/");
      const skills: ListedSkill[] = layout.skills.map((skill) => ({
        name: skill.name,
        directory: skill.segments.join("/"),
        path: here,
      }));
      for (const group of findDeeper(placed, root)) {
        for (const directory of group.directories) {
          skills.push({
            name: directory.at(-1)!,
            directory: directory.join("/"),
            path: group.path,
          });
        }
      }
      if (options.judge !== undefined) {
        const rule = options.judge === true ? undefined : options.judge;
        const atPath = new Map<string, number>();
        for (const { path } of skills) atPath.set(path, (atPath.get(path) ?? 0) + 1);
        for (const skill of skills) {
          const among = atPath.get(skill.path) ?? 1;
          skill.verdict = await judgeAlone(read.entries, skill, rule, reading, among);
        }
      }
      return {
        ok: true,
        listing: {
          root: root.segments.join("/"),
          skills,
          setAside: layout.setAside.map((segments) => segments.join("/")),
        },
      };
    },
  );
  return settleOnAbort(work, reading, signal);
}

/**
 * One listed skill read alone, as `--path` and `--skill` would select it;
 * a refusal names it as the skill at fault among the `among` skills its
 * level holds, so its sentence says how to import the others.
 */
async function judgeAlone(
  entries: Entries,
  listed: ListedSkill,
  rule: JudgeSkill | undefined,
  reading: Reading,
  among: number,
): Promise<NonNullable<ListedSkill["verdict"]>> {
  const path = listed.path === "" ? undefined : listed.path;
  const read = resolveSkills(entries, { path, skills: [listed.name], among });
  if (!read.ok) return { importable: false, refusal: read.refusal };
  const refused = (refusal: Refusal | DestinationRefusal) => {
    if (refusal.concerns !== undefined) return { importable: false as const, refusal };
    // Read alone, the refusal counts only this skill's findings, or the skill itself.
    const count = refusal.code === "hidden-content" ? (refusal.count ?? 1) : 1;
    const named = concerning(refusal, [{ skill: listed.name, count }], among);
    return { importable: false as const, refusal: named };
  };
  const spec = await specWarnings(read.skills, () => reading.pause());
  if (!spec.ok) return refused(spec.refusal);
  for (const skill of read.skills) {
    const refusal = rule?.(skill);
    if (refusal !== undefined) return refused(refusal);
  }
  return { importable: true };
}
