import type { TCanvasChanges, TCanvasPublication } from '@flowsmith/shared';

export type TCanvasFeedIo = {
  /** The kept changes after an offset (`GET …/graph/changes?after=`). */
  fetchAfter(after: number): Promise<TCanvasChanges>;
  apply(publication: TCanvasPublication): void;
  /** Too far behind to replay: load the whole canvas again. */
  reload(): void;
  onError(error: unknown): void;
};

/**
 * Applies a canvas's publications once each and in offset order. A publication that skips
 * offsets (one was missed, e.g. while offline) makes it ask the server for what came after the
 * last one applied; so does `catchUp` after a reconnect.
 */
export class CanvasFeed {
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private offset: number,
    private readonly io: TCanvasFeedIo,
  ) {}

  get lastOffset(): number {
    return this.offset;
  }

  receive(publication: TCanvasPublication): void {
    this.enqueue(async () => {
      if (publication.offset <= this.offset) return;
      if (publication.offset === this.offset + 1) this.applyOne(publication);
      else await this.fetchMissed();
    });
  }

  /** Asks for what came after the last applied offset (after a reconnect or subscribe). */
  catchUp(knownOffset?: number): Promise<void> {
    return this.enqueue(async () => {
      if (knownOffset !== undefined && knownOffset <= this.offset) return;
      await this.fetchMissed();
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private applyOne(publication: TCanvasPublication) {
    this.offset = publication.offset;
    this.io.apply(publication);
  }

  private async fetchMissed() {
    const answer = await this.io.fetchAfter(this.offset);
    if (this.stopped) return;
    if (!answer.complete) {
      this.stopped = true;
      this.io.reload();
      return;
    }
    for (const publication of answer.publications) {
      if (publication.offset === this.offset + 1) this.applyOne(publication);
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = async () => {
      if (this.stopped) return;
      try {
        await task();
      } catch (error) {
        this.io.onError(error);
      }
    };
    this.chain = this.chain.then(run);
    return this.chain;
  }
}
