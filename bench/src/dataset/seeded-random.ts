/** A small seeded generator (mulberry32): the same seed gives the same dataset on every machine. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let value = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<Item>(items: readonly Item[]): Item {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks `count` distinct items (or all of them when there are fewer). */
  sample<Item>(items: readonly Item[], count: number): Item[] {
    const pool = [...items];
    const picked: Item[] = [];
    while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as Item);
    return picked;
  }
}
