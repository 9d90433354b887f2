/**
 * The sync a writer is filling: the bytes queued on a context since its last sync, as the chunk
 * planner counts them (chunkPlan.ts). Writers share one, so a sync carries the header with the first
 * rows and the last rows with the totals, widths and the caller's commit, and every sync is filled
 * close to the 5 MB request limit without passing it.
 */
import { DEFAULT_CHUNK_BUDGET } from "./chunkPlan";

/** Told, before each sync of a SyncBatch, the bytes the batch planned for it (the bench and tests hold them to the genuine request). */
let plannedSyncObserver: ((plannedBytes: number) => void) | undefined;

export function observePlannedSyncs(observer: ((plannedBytes: number) => void) | undefined): void {
  plannedSyncObserver = observer;
}

export class SyncBatch {
  /** Planned bytes queued since the last sync. */
  queued = 0;
  /** Syncs made through this batch. */
  syncs = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    readonly budget = DEFAULT_CHUNK_BUDGET,
  ) {}

  add(bytes: number): void {
    this.queued += bytes;
  }

  fits(bytes: number): boolean {
    return this.queued + bytes <= this.budget;
  }

  /** Syncs what is queued when `bytes` more would not fit beside it. */
  async room(bytes: number): Promise<void> {
    if (this.queued > 0 && !this.fits(bytes)) await this.sync();
  }

  async sync(): Promise<void> {
    plannedSyncObserver?.(this.queued);
    await this.context.sync();
    this.syncs++;
    this.queued = 0;
  }
}

/**
 * Queues consecutive rows [start, end) with `queue`, each chunk as large as fits beside what
 * `batch` holds: a sync is made when the next row (and, opening a chunk, `chunkBytes` for its
 * calls) would not fit. The last chunk stays queued for the caller's next sync.
 */
export async function fillChunks(
  batch: SyncBatch,
  costs: readonly number[],
  chunkBytes: number,
  queue: (start: number, end: number) => void,
): Promise<void> {
  // Counted in a local between syncs (this runs once a row, a million times for a big report);
  // `queue` only queues calls, it adds nothing to the batch.
  let queued = batch.queued;
  let start = 0;
  for (let r = 0; r < costs.length; r++) {
    const opening = r === start ? chunkBytes : 0;
    if (queued > 0 && queued + opening + costs[r] > batch.budget) {
      if (r > start) queue(start, r);
      start = r;
      // One sync per filled batch (each under the payload limit), never per row.
      batch.queued = queued;
      await batch.sync();
      queued = chunkBytes + costs[r];
    } else queued += opening + costs[r];
  }
  batch.queued = queued;
  if (costs.length > start) queue(start, costs.length);
}
