// Turns for unpacking: of the imports the gate admits, at most `capacity`
// hold their bundle unpacked in memory at once (read into skills, checked,
// installed); the others wait their turn, in arrival order, holding only the
// body they uploaded. The store takes one writer at a time, so an import
// unpacked early only waits for the lock with every file of its bundle in
// memory: four imports of a 15 MiB .tar.gz that expands to 61 MiB all read at
// once, then queued for the lock with 65 MiB of files each, and the server
// peaked at 470 MiB. Two turns keep one import installing while the next is
// read, so the store never waits on the reader.

/** Unpacked bundles held at once by default: one installing, the next one read and ready. */
export const DEFAULT_UNPACK_TURNS = 2;

export class UnpackTurns {
  readonly capacity: number;
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(capacity: number = DEFAULT_UNPACK_TURNS) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new RangeError(`unpack turns must be a positive integer, not ${capacity}`);
    this.capacity = capacity;
  }

  /** Imports unpacking now. */
  get active(): number {
    return this.#active;
  }

  /** Imports waiting for a turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` in a turn of its own, after every import that asked before it has had one. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#take();
    try {
      return await work();
    } finally {
      this.#give();
    }
  }

  #take(): Promise<void> {
    if (this.#active < this.capacity && this.#waiting.length === 0) {
      this.#active += 1;
      return Promise.resolve();
    }
    // The turn passes straight from the import that leaves to the first in line.
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #give(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#active -= 1;
    else next();
  }
}
