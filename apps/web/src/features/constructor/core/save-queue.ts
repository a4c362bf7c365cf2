import type { TLayoutItem } from './flow-types';

export type TSaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export type TSaveQueueOptions = {
  saveLayout: (items: TLayoutItem[]) => Promise<void>;
  onStatus: (status: TSaveStatus) => void;
  /** Called when a layout save failed; its items stay queued. */
  onLayoutError: (error: unknown, willRetry: boolean) => void;
  /** Whether trying again may help (network, 5xx); a 4xx will fail the same way again. */
  isRetryable: (error: unknown) => boolean;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
};

export const LAYOUT_DEBOUNCE_MS = 300;
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Every write of one canvas, one after another, so the server sees them in the user's order.
 * Moves and resizes are gathered per node and saved together after a short pause. A layout
 * save that fails keeps its items (newer moves win) and is retried; nothing is dropped unless
 * the nodes themselves are deleted.
 */
export class SaveQueue {
  private chain: Promise<unknown> = Promise.resolve();
  private pending = new Map<string, TLayoutItem>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = 0;
  private failed = false;
  private attempt = 0;
  private status: TSaveStatus = 'saved';
  private readonly debounceMs: number;
  private readonly retryDelays: readonly number[];

  constructor(private readonly options: TSaveQueueOptions) {
    this.debounceMs = options.debounceMs ?? LAYOUT_DEBOUNCE_MS;
    this.retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  get hasUnsaved(): boolean {
    return this.pending.size > 0 || this.running > 0;
  }

  /** Runs a write after every earlier one; its failure is the caller's to report. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.flushNow();
    return this.enqueue(task);
  }

  /** Queues moves or resizes; they are saved after `debounceMs` without further changes. */
  queueLayout(items: TLayoutItem[]): void {
    for (const item of items) this.pending.set(item.id, item);
    if (!items.length) return;
    this.failed = false;
    this.attempt = 0;
    this.schedule(this.debounceMs);
    this.update();
  }

  /** Whether a move of this node waits to be saved. */
  hasPendingLayout(nodeId: string): boolean {
    return this.pending.has(nodeId);
  }

  /** Drops queued moves of nodes that no longer exist. */
  forget(nodeIds: Iterable<string>): void {
    for (const id of nodeIds) this.pending.delete(id);
    this.update();
  }

  /** Saves queued moves now; resolves once every write so far has settled. */
  async flush(): Promise<void> {
    this.flushNow();
    await this.chain.catch(() => undefined);
  }

  /** After a failure: try again at once. */
  retry(): void {
    this.attempt = 0;
    this.flushNow();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushNow();
    }, delay);
  }

  private flushNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    void this.enqueue(async () => {
      try {
        await this.options.saveLayout(batch);
        this.failed = false;
        this.attempt = 0;
      } catch (error) {
        // Put the batch back under anything newer that was queued meanwhile.
        for (const item of batch) if (!this.pending.has(item.id)) this.pending.set(item.id, item);
        this.failed = true;
        const retryable = this.options.isRetryable(error);
        const delay = this.retryDelays[Math.min(this.attempt, this.retryDelays.length - 1)];
        this.attempt += 1;
        if (retryable && delay !== undefined) this.schedule(delay);
        this.options.onLayoutError(error, retryable);
      }
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    this.update();
    const result = this.chain.then(task, task);
    this.chain = result.then(
      () => this.settle(),
      () => this.settle(),
    );
    return result;
  }

  private settle() {
    this.running -= 1;
    this.update();
  }

  private update() {
    const status: TSaveStatus = this.failed
      ? 'error'
      : this.running > 0
        ? 'saving'
        : this.pending.size > 0
          ? 'pending'
          : 'saved';
    if (status !== this.status) {
      this.status = status;
      this.options.onStatus(status);
    }
  }
}
