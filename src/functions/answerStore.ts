/**
 * Where function answers are held across reopening the pane: the add-in origin's storage on this
 * computer (localStorage, as the remembered key and the month's count), never the workbook. Answers
 * belong to a workbook and to an account: each is filed under the workbook's id (src/excel/workbookId.ts)
 * and the account's id, a SHA-256 digest of the service address and key (the key itself is never
 * written here). One record per answer (`ads-analytics.answer.v1.<workbook>.<account>.<call>`, its
 * call's key kept inside and checked on reading) and one index per workbook and account (when each
 * was fetched), so the pane can say how old the held answers are. When storage is full, the oldest
 * answers of any workbook go first; an answer larger than 1 MB is held in memory only.
 */
import { fingerprint } from "../api/fingerprint";

interface StoredAnswer {
  value: unknown;
  /** When it was fetched (ms since 1970). */
  at: number;
}

export interface AnswerStore {
  read(key: string): StoredAnswer | undefined;
  write(key: string, answer: StoredAnswer): void;
  /** When each held answer of this workbook and account was fetched. */
  fetchedTimes(): number[];
}

const RECORD = "ads-analytics.answer.v1.";
const INDEX = "ads-analytics.answers.v1.";
/** A single answer larger than this stays in memory: it would push out many others. */
const LARGEST = 1_000_000;

type Index = Record<string, number>;

function readIndex(storage: Storage, key: string): Index {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? "{}") as unknown;
    if (typeof parsed !== "object" || parsed === null) return {};
    const index: Index = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === "number") index[k] = v;
    return index;
  } catch {
    return {};
  }
}

/** The account an answer belongs to, without the key: a digest of the address and key. */
export async function accountId(baseUrl: string, apiKey: string): Promise<string> {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!subtle) throw new Error("No digest here: answers are held in memory only");
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(`${baseUrl}\n${apiKey}`));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function localAnswerStore(storage: Storage, workbook: string, account: string): AnswerStore {
  const scope = `${workbook}.${account}`;
  const indexKey = `${INDEX}${scope}`;
  const recordKey = (hash: string) => `${RECORD}${scope}.${hash}`;

  /** Makes room by dropping the oldest quarter of every workbook's held answers; false when none is left. */
  function evictOldest(): boolean {
    const all: { index: string; hash: string; at: number }[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(INDEX)) continue;
      for (const [hash, at] of Object.entries(readIndex(storage, key))) all.push({ index: key, hash, at });
    }
    if (all.length === 0) return false;
    all.sort((a, b) => a.at - b.at);
    const gone = all.slice(0, Math.max(1, Math.ceil(all.length / 4)));
    const byIndex = new Map<string, string[]>();
    for (const g of gone) byIndex.set(g.index, [...(byIndex.get(g.index) ?? []), g.hash]);
    for (const [index, hashes] of byIndex) {
      const entries = readIndex(storage, index);
      const prefix = `${RECORD}${index.slice(INDEX.length)}.`;
      for (const hash of hashes) {
        delete entries[hash];
        storage.removeItem(`${prefix}${hash}`);
      }
      storage.setItem(index, JSON.stringify(entries));
    }
    return true;
  }

  function put(key: string, text: string): boolean {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        storage.setItem(key, text);
        return true;
      } catch {
        if (!evictOldest()) return false;
      }
    }
    return false;
  }

  return {
    read(key) {
      try {
        const text = storage.getItem(recordKey(fingerprint(key)));
        if (!text) return undefined;
        const r = JSON.parse(text) as { k?: unknown; at?: unknown; v?: unknown };
        return r.k === key && typeof r.at === "number" ? { value: r.v, at: r.at } : undefined;
      } catch {
        return undefined;
      }
    },
    write(key, answer) {
      const text = JSON.stringify({ k: key, at: answer.at, v: answer.value });
      if (text.length > LARGEST) return;
      const hash = fingerprint(key);
      if (!put(recordKey(hash), text)) return;
      const index = readIndex(storage, indexKey);
      index[hash] = answer.at;
      if (!put(indexKey, JSON.stringify(index))) storage.removeItem(recordKey(hash));
    },
    fetchedTimes() {
      return Object.values(readIndex(storage, indexKey));
    },
  };
}
