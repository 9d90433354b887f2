/**
 * What a refresh reads before it writes, and puts back if anything fails: every cell of a span
 * (formulas, values, number formats: in row chunks, each sized to fill its answer under the 5 MB
 * limit and halved when it still comes out too big), the bold of the rows a refresh can change, and
 * the links of the cells that may have one.
 */
import { TEXT_FORMAT } from "../cellFormats";
import {
  bulkRowBytes,
  callBytes,
  cellBytes,
  chunkFixedBytes,
  DEFAULT_CHUNK_BUDGET,
  planChunks,
  rowBytes,
} from "../chunkPlan";
import { errorCode } from "../host";
import { a1, HYPERLINK_CAP, queueRecalculation } from "../tableWriter";
import type { Box } from "./structure";

export interface Snapshot {
  /** Top-left of the span. */
  row: number;
  col: number;
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
  /** Bold state of the rows a refresh can make bold or not (totals rows, labels), by span row. */
  bold: Map<number, boolean[]>;
  /** Links by "spanRow,spanCol". */
  links: Map<string, string>;
}

/** What a snapshot read may answer: the request budget's size (5 MB less headroom for the answer's envelope). */
const READ_BUDGET = DEFAULT_CHUNK_BUDGET;
/** The first read is sized on a guess, so it aims lower (a miss costs a refused sync and two reads). */
const FIRST_READ_SHARE = 0.8;

export interface SnapshotRequest {
  span: Box;
  /** Sheet rows whose bold is read (across the span). */
  boldRows: readonly number[];
  /** A guess of the bytes one span row weighs in the answer, for the first read. */
  bytesPerRow: number;
  /** Whether the cell (sheet row, column) holding `value` may carry a link worth reading. */
  mayLink(row: number, col: number, value: unknown): boolean;
}

/** Reads the span; returns the snapshot and the syncs it took. */
export async function readSnapshot(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  req: SnapshotRequest,
): Promise<{ snap: Snapshot; syncs: number }> {
  const { span } = req;
  const snap: Snapshot = {
    row: span.row,
    col: span.col,
    formulas: [],
    values: [],
    numberFormat: [],
    bold: new Map(),
    links: new Map(),
  };
  let syncs = 0;
  let readBytes = 0;
  const queueBold = () =>
    req.boldRows.map((r) => ({
      r,
      props: sheet
        .getRange(a1(r, span.col, 1, span.cols))
        .getCellProperties({ format: { font: { bold: true } } }),
    }));
  // The bold rides with the first read; if that sync is refused, its answer is lost and it is read again with the links.
  let bold = queueBold();
  let boldState = "queued" as "queued" | "read" | "lost";
  /** Reads up to `count` rows from `start`; returns how many it read (fewer when the answer was refused). */
  const readRows = async (start: number, count: number): Promise<number> => {
    const part = sheet.getRange(a1(span.row + start, span.col, count, span.cols));
    part.load("formulas,values,numberFormat");
    try {
      await context.sync();
      if (boldState === "queued") boldState = "read";
    } catch (err) {
      if (boldState === "queued") boldState = "lost";
      // Long text cells can make even a chunk's answer too big: read the first half; the rest is
      // planned again from the bytes of the rows read by then.
      if (count > 1 && errorCode(err) === "ResponsePayloadSizeLimitExceeded")
        return readRows(start, Math.ceil(count / 2));
      throw err;
    }
    syncs++;
    // One row at a time: spreading a chunk of 100,000 rows into push() overflows the stack.
    const { formulas, values, numberFormat } = part;
    for (let i = 0; i < count; i++) {
      snap.formulas.push(formulas[i]);
      snap.values.push(values[i]);
      snap.numberFormat.push(numberFormat[i]);
      readBytes += rowBytes(formulas[i]) + rowBytes(values[i]) + rowBytes(numberFormat[i]);
    }
    return count;
  };
  for (let start = 0; start < span.rows;) {
    const perRow = start > 0 ? readBytes / start : req.bytesPerRow;
    const target = start > 0 ? READ_BUDGET : READ_BUDGET * FIRST_READ_SHARE;
    const count = Math.min(span.rows - start, Math.max(1, Math.floor(target / perRow)));
    start += await readRows(start, count);
  }
  const links = queueLinks(sheet, snap, req);
  if (boldState !== "read") bold = queueBold();
  if (links.length || boldState !== "read") {
    await context.sync();
    syncs++;
  }
  for (const { r, props } of bold)
    snap.bold.set(
      r - span.row,
      props.value[0].map((c) => Boolean(c.format?.font?.bold)),
    );
  for (const [i, j, cell] of links) {
    const address = cell.hyperlink?.address;
    if (address) snap.links.set(`${i},${j}`, address);
  }
  return { snap, syncs };
}

function queueLinks(
  sheet: Excel.Worksheet,
  snap: Snapshot,
  req: SnapshotRequest,
): [number, number, Excel.Range][] {
  const probes: [number, number, Excel.Range][] = [];
  snap.formulas.forEach((row, i) =>
    row.forEach((v, j) => {
      if (probes.length >= HYPERLINK_CAP || !req.mayLink(snap.row + i, snap.col + j, v)) return;
      const cell = sheet.getRange(a1(snap.row + i, snap.col + j));
      cell.load("hyperlink");
      probes.push([i, j, cell]);
    }),
  );
  return probes;
}

/**
 * What to write back to restore each cell: its formula, or its value; text in a cell that is not
 * Text-formatted gets Excel's apostrophe prefix, so "00123" comes back as text, not 123.
 */
function restorable(snap: Snapshot): unknown[][] {
  return snap.formulas.map((row, i) =>
    row.map((f, j) =>
      typeof f === "string" && f !== "" && f === snap.values[i][j] && snap.numberFormat[i][j] !== TEXT_FORMAT
        ? `'${f}`
        : f,
    ),
  );
}

/** Puts a snapshot back, in chunks under the payload limit: cells and formats, bold, links. */
export async function restoreSnapshot(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  snap: Snapshot,
): Promise<void> {
  const formulas = restorable(snap);
  const width = formulas[0]?.length ?? 0;
  // Values and formats first: they are what matters, and must not wait on anything that can fail.
  const costs = formulas.map(
    (row, i) => rowBytes(row) + rowBytes(snap.numberFormat[i]) + 2 * bulkRowBytes(width),
  );
  for (const chunk of planChunks(costs, DEFAULT_CHUNK_BUDGET, chunkFixedBytes(2))) {
    const r = sheet.getRange(a1(snap.row + chunk.start, snap.col, chunk.end - chunk.start, width));
    r.numberFormat = snap.numberFormat.slice(chunk.start, chunk.end) as string[][];
    r.formulas = formulas.slice(chunk.start, chunk.end) as (string | number | boolean)[][];
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  // Bold where the refresh could have changed it (totals rows, labels), cell by cell as it was.
  for (const [i, bold] of snap.bold)
    bold.forEach((b, j) => (sheet.getRange(a1(snap.row + i, snap.col + j)).format.font.bold = b));
  // Then the links: every link in the span goes (ClearApplyTo.hyperlinks keeps text and formats),
  // and the previous ones are set again with their display text.
  sheet.getRange(a1(snap.row, snap.col, formulas.length, width)).clear("Hyperlinks");
  await context.sync();
  const links = [...snap.links].map(([key, address]) => {
    const [i, j] = key.split(",").map(Number);
    return { i, j, address };
  });
  const linkBytes = links.map((l) => callBytes("XFD1048576", cellBytes(l.address) * 2 + 32));
  for (const chunk of planChunks(linkBytes)) {
    for (const { i, j, address } of links.slice(chunk.start, chunk.end)) {
      const value = formulas[i]?.[j];
      const cell = sheet.getRange(a1(snap.row + i, snap.col + j));
      // restorable() put an apostrophe before text outside a Text cell: the link shows the text itself.
      const text =
        typeof value === "string" && !value.startsWith("=")
          ? snap.numberFormat[i]?.[j] === TEXT_FORMAT
            ? value
            : value.replace(/^'/, "")
          : "";
      cell.hyperlink = text ? { address, textToDisplay: text } : { address };
      // A number, truth value, formula or empty text is written again after its link's display text replaced it.
      if (!text && value !== "" && value !== null && value !== undefined) cell.formulas = [[value as string]];
    }
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  queueRecalculation(context);
  await context.sync();
}
