/**
 * The best `capacity` records by a numeric key (higher first; ties by id, lower first), kept in a
 * heap whose root is the worst kept: most records are turned away by one comparison.
 */
export class TopK {
  private readonly docs: Int32Array;
  private readonly keys: Float64Array;
  private readonly tiers: Uint8Array;
  private size = 0;

  constructor(
    private readonly capacity: number,
    private readonly ids: string[],
  ) {
    this.docs = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.tiers = new Uint8Array(capacity);
  }

  offer(doc: number, key: number, tier: number) {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      this.docs[i] = doc;
      this.keys[i] = key;
      this.tiers[i] = tier;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const rootKey = this.keys[0];
    if (key < rootKey || (key === rootKey && this.ids[doc] > this.ids[this.docs[0]])) return;
    this.docs[0] = doc;
    this.keys[0] = key;
    this.tiers[0] = tier;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < this.size && this.worse(left, worst)) worst = left;
      if (right < this.size && this.worse(right, worst)) worst = right;
      if (worst === i) break;
      this.swap(i, worst);
      i = worst;
    }
  }

  entries(): { doc: number; tier: number }[] {
    const out: { doc: number; tier: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ doc: this.docs[i], tier: this.tiers[i] });
    return out;
  }

  private worse(a: number, b: number): boolean {
    const ka = this.keys[a];
    const kb = this.keys[b];
    return ka < kb || (ka === kb && this.ids[this.docs[a]] > this.ids[this.docs[b]]);
  }

  private swap(a: number, b: number) {
    const doc = this.docs[a];
    const key = this.keys[a];
    const tier = this.tiers[a];
    this.docs[a] = this.docs[b];
    this.keys[a] = this.keys[b];
    this.tiers[a] = this.tiers[b];
    this.docs[b] = doc;
    this.keys[b] = key;
    this.tiers[b] = tier;
  }
}
