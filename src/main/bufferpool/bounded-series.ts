/**
 * A series of samples kept within a fixed number of entries, however long the run: when full, every
 * other kept sample is dropped and from then on only every second (fourth, ...) new sample is kept, so
 * the series stays evenly spread over the whole run. The newest sample is always kept too, so the end
 * of the run is never lost.
 */
export class BoundedSeries<T> {
  private kept: T[] = [];
  private latest: T | undefined;
  private latestKept = false;
  private stride = 1;
  private seen = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new Error('a series keeps at least 2 samples');
  }

  push(sample: T): void {
    this.latest = sample;
    this.latestKept = this.seen % this.stride === 0;
    if (this.latestKept) this.kept.push(sample);
    this.seen++;
    // capacity - 1 leaves room for the newest sample when it falls between strides.
    if (this.kept.length > this.capacity - 1) {
      this.kept = this.kept.filter((_, i) => i % 2 === 0);
      this.stride *= 2;
      this.latestKept = this.kept[this.kept.length - 1] === sample;
    }
  }

  /** True once samples were thinned to stay within the capacity. */
  get downsampled(): boolean {
    return this.stride > 1;
  }

  /** How many samples were pushed in all. */
  get total(): number {
    return this.seen;
  }

  /** The kept samples, oldest first, the newest last. */
  items(): T[] {
    return this.latest !== undefined && !this.latestKept ? [...this.kept, this.latest] : [...this.kept];
  }
}
