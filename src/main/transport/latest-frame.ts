/**
 * Latest-frame delivery of live samples to one receiver: while the receiver is busy (a WebSocket with
 * bytes still queued, an Electron window sent a frame very recently), only the newest frame per key
 * (per run) waits, and older ones are dropped. A slow renderer thus gets the latest frame, never a
 * growing queue.
 */
export class LatestFrameGate<T> {
  private readonly pending = new Map<string, T>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    /** True while the receiver should not be given another frame. */
    private readonly busy: () => boolean,
    private readonly deliver: (frame: T) => void,
    private readonly retryMs = 16,
  ) {}

  offer(key: string, frame: T): void {
    if (this.closed) return;
    if (this.pending.size === 0 && !this.busy()) return this.deliver(frame);
    // Re-inserting moves the key last, so runs take turns.
    this.pending.delete(key);
    this.pending.set(key, frame);
    this.schedule();
  }

  /** Frames waiting now (at most one per key). */
  get waiting(): number {
    return this.pending.size;
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      for (const [key, frame] of this.pending) {
        if (this.busy()) break;
        this.pending.delete(key);
        this.deliver(frame);
      }
      if (this.pending.size > 0) this.schedule();
    }, this.retryMs);
  }
}

/** Above this many bytes queued on a socket, the browser is behind: hold frames back. */
export const SOCKET_BUSY_BYTES = 64 * 1024;
/** An Electron window gets at most one frame per run this often (IPC has no queue length to read). */
export const WINDOW_FRAME_MS = 16;
