// The skills the catalog source has admitted, kept so that a read of one
// file costs reading and hashing that one file, not the trust gate over the
// whole skill and a listing of the catalog. An admission (the tree a
// skill's record vouches for, checked against every file when it was made)
// is kept under the skill's id and the digest of the SKILL.md it was made
// from, and only while someone hears the store's changes through the
// source: every change the store tells of (an import, update, approval or
// removal, by this process or, through the feed or the watch, by another)
// forgets them all, an admission older than MAX_AGE_MS is made again, and a
// listing whose SKILL.md digest differs makes it again. What this keeps is
// never a file's bytes: each byte served is still read and held against the
// kept manifest on its own read (catalog-source.ts), and a read that finds a
// file changed forgets the skill's admission and asks the gate again, which
// names the drift. A change made by hand inside a skill's directory, which
// no feed tells of, thus withholds the skill at the next read of that file,
// at the next listing when it is the SKILL.md, and otherwise within
// MAX_AGE_MS.
//
// The listing made from kept admissions is kept beside them, under the
// catalog's stamp (skill-catalog's catalogStamp: every SKILL.md's lstat)
// taken before it was read, so a host walking the list again pays for the
// stamp, not for reading and judging every SKILL.md. It is answered only
// while the stamp is the same (no SKILL.md edited, added or removed, in
// either root), while every admission it was made from is still the one
// kept (any admission forgotten, made again, or changed drops it) and
// while the oldest of them is younger than MAX_AGE_MS, so it promises no
// more than the admissions do.
import type { Origin } from "@skillshelf/skill-catalog";
import type { ServedSkill, SourceListing } from "./skill-source.js";

/** How long an admission stands without a change of the store being heard. */
export const MAX_AGE_MS = 30_000;

/** An admitted skill and the root whose store holds its files. */
export type Admitted = { skill: ServedSkill; origin: Origin };

type Kept = { digest: string; admitted: Admitted; at: number };

type KeptListing = { listing: SourceListing; stamp: string; until: number };

export type Admissions = {
  /** Whether admissions are kept now (someone hears the store's changes). */
  readonly active: boolean;
  /** Turns keeping on (`true`) or off (`false`, forgetting every admission). */
  setActive(active: boolean): void;
  /** The count of changes heard so far; an admission made across one is not kept. */
  readonly generation: number;
  /** The kept admission of `id`, when fresh and (given `digest`) made from that SKILL.md. */
  get(id: string, digest?: string): Admitted | undefined;
  /** Keeps `admitted`, made from the SKILL.md of `digest` while `generation` held. */
  keep(admitted: Admitted, digest: string, generation: number): void;
  forget(id: string): void;
  /** Forgets every admission whose id is not in `ids` (a skill gone from the catalog). */
  retain(ids: ReadonlySet<string>): void;
  /** A change was heard: forgets every admission. */
  changed(): void;
  /** The listing kept under `stamp`, while every admission it was made from stands. */
  listing(stamp: string | undefined): SourceListing | undefined;
  /**
   * Keeps `listing`, read after the catalog was stamped `stamp` while
   * `generation` held, when every skill it lists is the admission kept now.
   */
  keepListing(listing: SourceListing, stamp: string | undefined, generation: number): void;
};

export function createAdmissions(now: () => number = Date.now): Admissions {
  const kept = new Map<string, Kept>();
  let keptListing: KeptListing | undefined;
  let active = false;
  let generation = 0;
  const drop = (id: string): void => {
    if (kept.delete(id)) keptListing = undefined;
  };
  return {
    get active() {
      return active;
    },
    get generation() {
      return generation;
    },
    setActive(on) {
      active = on;
      if (!on) {
        kept.clear();
        keptListing = undefined;
        generation += 1;
      }
    },
    get(id, digest) {
      const held = kept.get(id);
      if (held === undefined) return undefined;
      if (now() - held.at > MAX_AGE_MS || (digest !== undefined && digest !== held.digest)) {
        drop(id);
        return undefined;
      }
      return held.admitted;
    },
    keep(admitted, digest, madeIn) {
      if (!active || madeIn !== generation) return;
      kept.set(admitted.skill.id, { digest, admitted, at: now() });
      keptListing = undefined;
    },
    forget(id) {
      drop(id);
    },
    retain(ids) {
      for (const id of kept.keys()) if (!ids.has(id)) drop(id);
    },
    changed() {
      kept.clear();
      keptListing = undefined;
      generation += 1;
    },
    listing(stamp) {
      if (keptListing === undefined || stamp === undefined) return undefined;
      if (keptListing.stamp !== stamp || now() > keptListing.until) {
        keptListing = undefined;
        return undefined;
      }
      return keptListing.listing;
    },
    keepListing(listing, stamp, madeIn) {
      if (!active || madeIn !== generation || stamp === undefined) return;
      let oldest = Number.POSITIVE_INFINITY;
      for (const skill of listing.skills) {
        const held = kept.get(skill.id);
        if (held?.admitted.skill !== skill) return;
        oldest = Math.min(oldest, held.at);
      }
      for (const { id } of listing.refused) if (kept.has(id)) return;
      keptListing = { listing, stamp, until: Math.min(oldest, now()) + MAX_AGE_MS };
    },
  };
}
