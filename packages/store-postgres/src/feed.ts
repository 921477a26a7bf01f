// The change feed. Every install and removal sends one NOTIFY on CHANNEL in
// its own transaction (so a listener hears of a change only once it is
// committed) carrying the ids and the writing process's origin. A store
// tells its own subscribers directly after commit, and skips its own
// notifications when they come back, so each change reaches each
// subscriber once, at once, even while the listening connection is down.
// NOTIFY is not a queue: changes made while the listening connection was
// away are lost, so after every reconnection subscribers hear RESYNC, an
// install with no ids: something may have changed, read the catalog again.
import type { StoreChange } from "./catalog-types.js";

export const CHANNEL = "skillshelf_changes";

/** NOTIFY payloads are capped at 8,000 bytes: a bundle's ids go out in groups this size (64-byte ids). */
const IDS_PER_NOTIFICATION = 100;

/** What subscribers hear after the listening connection came back: ids unknown, read again. */
export const RESYNC: StoreChange = Object.freeze({ kind: "installed", ids: [] }) as StoreChange;

type Notice = { origin: string; kind: StoreChange["kind"]; ids: string[] };

/** The payloads announcing one change. */
export function noticesOf(origin: string, change: StoreChange): string[] {
  const notices: string[] = [];
  for (let start = 0; start < change.ids.length; start += IDS_PER_NOTIFICATION) {
    const ids = change.ids.slice(start, start + IDS_PER_NOTIFICATION);
    notices.push(JSON.stringify({ origin, kind: change.kind, ids } satisfies Notice));
  }
  return notices;
}

/** The change a payload announces, unless it is ours or not one of ours at all. */
export function changeOf(origin: string, payload: string): StoreChange | undefined {
  let notice: Partial<Notice>;
  try {
    notice = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (notice.origin === origin) return undefined;
  if (notice.kind !== "installed" && notice.kind !== "removed") return undefined;
  if (!Array.isArray(notice.ids) || !notice.ids.every((id) => typeof id === "string"))
    return undefined;
  return { kind: notice.kind, ids: notice.ids };
}
