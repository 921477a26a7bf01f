// A map that forgets: at most `maxEntries` entries and `maxWeight` in all
// (a caller-defined size, say characters held), the least recently used
// forgotten first. A Map keeps insertion order, so a hit is moved to the end
// by deleting and setting it again, and the oldest entry is always the first.
// The catalog keeps what it learned from a SKILL.md here under its digest, so
// that reading the same bytes again costs a hash, not a parse.
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; weight: number }>();
  #weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number = Number.POSITIVE_INFINITY,
    readonly weigh: (value: V) => number = () => 0,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.delete(key);
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    while (this.#entries.size > this.maxEntries || this.#weight > this.maxWeight) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  /** The value under `key`, computed by `make` and kept when it is not held. */
  through(key: string, make: () => V): V {
    const held = this.get(key);
    if (held !== undefined) return held;
    const value = make();
    this.set(key, value);
    return value;
  }

  private delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
