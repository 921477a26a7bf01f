// Admission for imports: at most `capacity` run at once, the rest are turned
// away at the door (the route answers 503 with Retry-After) rather than
// queued, since each may hold up to 64 MiB. A slot is held by the request
// (until its response closes) and by the import work (until it settles), so
// an import whose client has gone still counts until its install is done.
// On shutdown the gate closes (its `closing` signal cuts the bodies still
// arriving) and `drained()` waits for the last slot.

export type ImportTicket = {
  /** Marks import work starting; false when the request is already gone. */
  hold(): boolean;
  /** Releases one holder; the slot frees when none is left. */
  release(): void;
};

export class ImportGate {
  readonly capacity: number;
  #running = 0;
  #closed = false;
  #waiters: (() => void)[] = [];
  readonly #closing = new AbortController();

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get running(): number {
    return this.#running;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** A ticket held once by the caller, or undefined when full or closed. */
  tryEnter(): ImportTicket | undefined {
    if (this.#closed || this.#running >= this.capacity) return undefined;
    this.#running += 1;
    let holders = 1;
    return {
      hold: () => {
        if (holders === 0) return false;
        holders += 1;
        return true;
      },
      release: () => {
        if (holders === 0) return;
        holders -= 1;
        if (holders === 0) this.#leave();
      },
    };
  }

  /** Aborted when the gate closes: uploads still arriving stop at once. */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  /** Refuses every later import, and aborts the uploads still arriving. */
  close(): void {
    this.#closed = true;
    this.#closing.abort();
  }

  /** Resolves once no import is running. */
  drained(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #leave(): void {
    this.#running -= 1;
    if (this.#running > 0) return;
    for (const wake of this.#waiters.splice(0)) wake();
  }
}
