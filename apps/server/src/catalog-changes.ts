// Catalog changes as the server hears of them, for the event stream: the
// managed store's own change subscription (the directory store tells of
// every change made through this process; PostgreSQL of every change made by
// any replica), fanned out to the event streams open right now. The server
// announces nothing itself, so an import through another replica reaches
// this console as an import through this one does.
import { EventEmitter } from "node:events";
import type { Shelf } from "@skillshelf/shelf";
import type { StoreChange } from "@skillshelf/skill-catalog";

/** What changed: the ids installed or removed. */
export type CatalogChange = StoreChange;

export type ChangeListener = (change: CatalogChange) => void;

/** A fan-out of the managed store's changes to the event streams open right now. */
export class CatalogChanges {
  readonly #emitter = new EventEmitter();
  readonly #stop: () => void;

  constructor(shelf: Shelf) {
    // Every open event stream listens; the route caps how many there are.
    this.#emitter.setMaxListeners(0);
    this.#stop = shelf.watch((change) => this.#emitter.emit("change", change));
  }

  /** Calls `listener` for every change from now on; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.#emitter.on("change", listener);
    return () => this.#emitter.off("change", listener);
  }

  /** Stops listening to the store. */
  close(): void {
    this.#stop();
  }
}
