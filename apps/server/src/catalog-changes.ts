// Catalog changes as the server hears of them, for the event stream: each
// import and removal this process makes is announced here once it is in the
// store. skill-catalog's managed store is gaining a change subscription of
// its own (which also carries changes other processes make, through
// PostgreSQL); this is the seam the event route listens on until then.
import { EventEmitter } from "node:events";

/** What changed: the ids installed or removed. */
export type CatalogChange = { kind: "installed" | "removed"; ids: string[] };

export type ChangeListener = (change: CatalogChange) => void;

/** A fan-out of catalog changes to the event streams open right now. */
export class CatalogChanges {
  readonly #emitter = new EventEmitter();

  constructor() {
    // Every open event stream listens; the route caps how many there are.
    this.#emitter.setMaxListeners(0);
  }

  /** Announces a change that is already in the store. */
  announce(change: CatalogChange): void {
    this.#emitter.emit("change", change);
  }

  /** Calls `listener` for every change from now on; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.#emitter.on("change", listener);
    return () => this.#emitter.off("change", listener);
  }
}
