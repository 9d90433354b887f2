/**
 * The month's requests, counted so that several panes (several workbooks, one origin's storage) add
 * up and never overwrite each other: each pane writes only its own record, one per pane and month
 * (`ads-analytics.spend.v1.<month>.<pane>`), and the month's count is the sum of every record. A
 * record says which workbook its pane belongs to and splits its count by kind (functions, reports,
 * write-backs, key checks), as the client counts them: every keyed request that spent the allowance
 * (src/api/allowance.ts). Months before the previous one are dropped. The counter older versions kept
 * (`ads-analytics.requestCounter`, one number overwritten by every pane) is read, never written, as
 * the month's earlier requests of no known kind.
 */
// Checked by hand, not with zod: this module is in the page's first load (the Connect tab).

export type SpendKind = "functions" | "reports" | "writebacks" | "checks";
export const SPEND_KINDS: readonly SpendKind[] = ["functions", "reports", "writebacks", "checks"];

type KindCounts = Record<SpendKind, number>;

export interface SpendTotals {
  /** Every pane on this computer, this month, by kind. */
  all: KindCounts;
  /** Counted by older versions of the add-in this month, kind not recorded. */
  earlier: number;
  /** The panes of this workbook (its id, when known), by kind. */
  workbook: KindCounts;
  /** Sums. */
  allTotal: number;
  workbookTotal: number;
}

interface PaneRecord {
  month: string;
  workbook: string | null;
  counts: KindCounts;
}

const PREFIX = "ads-analytics.spend.v1.";
const LEGACY = "ads-analytics.requestCounter";

function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

const zero = (): KindCounts => ({ functions: 0, reports: 0, writebacks: 0, checks: 0 });
const sum = (c: KindCounts) => SPEND_KINDS.reduce((n, k) => n + c[k], 0);

function add(into: KindCounts, from: KindCounts): void {
  for (const k of SPEND_KINDS) into[k] += from[k];
}

/** A stored record, checked by hand; null when unreadable. */
function readRecord(text: string | null): PaneRecord | null {
  try {
    const r = JSON.parse(text ?? "null") as Partial<PaneRecord> | null;
    if (!r || typeof r.month !== "string" || typeof r.counts !== "object" || r.counts === null) return null;
    const counts = zero();
    for (const k of SPEND_KINDS) {
      const n = (r.counts as Partial<KindCounts>)[k];
      if (n !== undefined && !(Number.isInteger(n) && n >= 0)) return null;
      counts[k] = n ?? 0;
    }
    return { month: r.month, workbook: typeof r.workbook === "string" ? r.workbook : null, counts };
  } catch {
    return null;
  }
}

function legacyCount(storage: Storage, month: string): number {
  try {
    const c = JSON.parse(storage.getItem(LEGACY) ?? "null") as { month?: unknown; count?: unknown } | null;
    return c && c.month === month && typeof c.count === "number" && c.count >= 0 ? c.count : 0;
  } catch {
    return 0;
  }
}

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export class SpendLedger {
  private record: PaneRecord | null = null;
  private workbook: string | null = null;
  private pruned = false;

  constructor(
    private readonly storage: () => Storage | null,
    /** This pane (one shared runtime, one workbook): a new one every time the add-in starts. */
    readonly paneId: string = randomId(),
  ) {}

  private key(month: string): string {
    return `${PREFIX}${month}.${this.paneId}`;
  }

  private mine(month: string): PaneRecord {
    if (this.record?.month !== month) this.record = { month, workbook: this.workbook, counts: zero() };
    return this.record;
  }

  private save(record: PaneRecord): void {
    try {
      this.storage()?.setItem(this.key(record.month), JSON.stringify(record));
    } catch {
      /* storage full or refused: the count stays in this pane's memory */
    }
  }

  /** One request that spent the allowance. */
  count(kind: SpendKind, now: Date = new Date()): void {
    const month = monthOf(now);
    this.prune(month);
    const r = this.mine(month);
    r.counts[kind] += 1;
    this.save(r);
  }

  /** The workbook this pane belongs to (known once the workbook has been asked). */
  setWorkbook(id: string): void {
    this.workbook = id;
    if (this.record) {
      this.record.workbook = id;
      if (sum(this.record.counts) > 0) this.save(this.record);
    }
  }

  /** This month's counts: every pane's records added up, and this workbook's. */
  totals(now: Date = new Date()): SpendTotals {
    const month = monthOf(now);
    const all = zero();
    const workbook = zero();
    const storage = this.storage();
    const own = this.record?.month === month ? this.record : null;
    let earlier = 0;
    if (storage) {
      earlier = legacyCount(storage, month);
      const prefix = `${PREFIX}${month}.`;
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (!key?.startsWith(prefix) || key === this.key(month)) continue;
        const r = readRecord(storage.getItem(key));
        if (!r || r.month !== month) continue;
        add(all, r.counts);
        if (this.workbook !== null && r.workbook === this.workbook) add(workbook, r.counts);
      }
    }
    // This pane's own record from memory: it is the truth even when storage refused a write.
    if (own) {
      add(all, own.counts);
      add(workbook, own.counts);
    }
    return { all, earlier, workbook, allTotal: sum(all) + earlier, workbookTotal: sum(workbook) };
  }

  /** Whether a storage key is one of the ledger's (another pane's write: the totals changed). */
  static isLedgerKey(key: string | null): boolean {
    return key === null || key.startsWith(PREFIX) || key === LEGACY;
  }

  /** Records of months before the previous one go, once a session. */
  private prune(month: string): void {
    if (this.pruned) return;
    this.pruned = true;
    const storage = this.storage();
    if (!storage) return;
    const keep = new Set([month, previousMonth(month)]);
    try {
      const old: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(PREFIX) && !keep.has(key.slice(PREFIX.length, PREFIX.length + 7))) old.push(key);
      }
      for (const key of old) storage.removeItem(key);
      if (legacyCount(storage, month) === 0 && storage.getItem(LEGACY) !== null) {
        const c = JSON.parse(storage.getItem(LEGACY) ?? "null") as { month?: unknown } | null;
        if (typeof c?.month === "string" && !keep.has(c.month)) storage.removeItem(LEGACY);
      }
    } catch {
      /* nothing is lost by keeping old records */
    }
  }
}
