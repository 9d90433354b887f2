/**
 * Opening one agent file: download its bytes (the client refreshes an expired URL), then
 * write a table sheet, insert xlsx sheets, or hand the bytes to the browser as a download.
 * Office and the client are injected, so this runs in tests without a host.
 */
import type { KeptAsText, TypedTable } from "../api/table";
import { errorCode } from "../api/excelLimits";
import { keptAsTextNote } from "../api/exactNumbers";
import { fileAction, jsonToTable, textToTable } from "./agentFiles";
import { agentDelimitedTable, describeChoices, type ColumnChoice } from "./agentTables";
import { oversizeReason, unsupportedParts } from "./xlsxInsert";
import { checkOutward } from "./xlsxOutward";

export interface AgentFileRef {
  fileName: string;
  fileType: string;
}

export interface AgentFileDeps {
  download(): Promise<Uint8Array>;
  /** Writes the table on a new sheet named `label` (made valid and unique); returns the sheet name. */
  writeSheet(label: string, table: TypedTable): Promise<string>;
  /** Inserts the worksheets of an xlsx file; returns their names. */
  insertWorkbook(base64: string): Promise<string[]>;
  saveAs(bytes: Uint8Array, fileName: string): void;
}

export type OpenedFile =
  /**
   * `columns`: what each column became (number, date, text…), to show the planner; `keptAsText`: the
   * cells kept as text because as numbers they would change, by column (absent when none).
   */
  | { kind: "sheet"; sheetName: string; rows: number; columns: ColumnChoice[]; keptAsText?: KeptAsText[] }
  /** `replaced`: what was taken out of the xlsx first (formulas calling out of the workbook). */
  | { kind: "workbook"; sheetNames: string[]; replaced?: string }
  /** `reason`: why a file meant to open in the workbook was downloaded instead. */
  | { kind: "downloaded"; fileName: string; reason?: string; replaced?: string };

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000; // keeps String.fromCharCode's argument list small
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** A text file → its table and each column's choice. CSV and TSV get the lossless agent typing. */
export function textFileToTable(
  fileType: string,
  text: string,
): { table: TypedTable; choices: ColumnChoice[] } {
  const t = text.replace(/^\uFEFF/, "");
  const type = fileType.toLowerCase();
  if (type === "csv" || type === "tsv") return agentDelimitedTable(type, t);
  const table = type === "json" ? jsonToTable(t) : textToTable(t);
  return { table, choices: table.columns.map((c) => ({ name: c.name, kind: c.kind })) };
}

/** What the pane says after opening a file: where it went and, for a sheet, each column's choice. */
export function describeOpened(o: OpenedFile): string {
  if (o.kind === "sheet") {
    const kept = keptAsTextNote(o.keptAsText);
    return `Opened as sheet "${o.sheetName}" (${o.rows} rows). Columns: ${describeChoices(o.columns)}.${kept ? ` ${kept}` : ""}`;
  }
  const replaced = o.replaced ? ` ${o.replaced}` : "";
  if (o.kind === "workbook") return `Inserted sheet(s): ${o.sheetNames.join(", ")}.${replaced}`;
  return o.reason
    ? `Downloaded ${o.fileName} instead of inserting it: ${o.reason}.${replaced}`
    : `Downloaded ${o.fileName}.`;
}

/** The run a file came from: the service's id of it (one numbering for every agent's runs). */
export interface AgentRunRef {
  runId: number;
}

/** Excel's longest sheet name. */
const SHEET_NAME_CHARS = 31;

/**
 * The sheet a run's table lands on, named one way whatever the agent or how the run was followed: the
 * run and the file with its type ("Run 7 · shortlist.csv"), so one table a run gave as CSV, TSV and
 * JSON, or the same file of three runs, is sheets a planner can tell apart, never "shortlist (3)". The
 * run's id is the service's own, one numbering for every agent, so it needs no agent beside it. Where
 * 31 characters do not hold both, the file's name is cut before its type ("Run 345 · quarterly-shor….csv").
 */
export function agentSheetLabel(file: Pick<AgentFileRef, "fileName">, run: AgentRunRef): string {
  const name = file.fileName.trim() || "file";
  const lead = `Run ${run.runId} · `;
  if (lead.length + name.length <= SHEET_NAME_CHARS) return `${lead}${name}`;
  const type = /\.[^.]{1,5}$/.exec(name)?.[0] ?? "";
  const room = Math.max(1, SHEET_NAME_CHARS - lead.length - type.length - 1);
  return `${lead}${name.slice(0, name.length - type.length).slice(0, room)}…${type}`;
}

/** A file's sheet when no run is known: its name without the type ("shortlist"). */
const plainLabel = (fileName: string): string => fileName.replace(/\.[^.]+$/, "") || "Agent file";

const OPEN_LABELS = { table: "Open as sheet", workbook: "Insert sheets", download: "Download" } as const;

/** The button beside a file in the pane: what opening it does (as a sheet, its sheets inserted, downloaded). */
export function openLabel(file: Pick<AgentFileRef, "fileType">): string {
  return OPEN_LABELS[fileAction(file.fileType)];
}

/**
 * What the pane says when a run is done: nothing is opened by itself; the planner chooses which of its
 * files to open, each with its own button, named as labelled.
 */
export function finishedText(files: readonly AgentFileRef[]): string {
  if (files.length === 0) return "The run finished with no files.";
  const labels = [...new Set(files.map(openLabel))];
  const buttons =
    labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} or ${labels[labels.length - 1]}`;
  const which = files.length === 1 ? "1 file" : `${files.length} files`;
  return `The run finished with ${which}: choose ${buttons} beside each file you want below; nothing was opened yet.`;
}

export async function openAgentFile(
  file: AgentFileRef,
  deps: AgentFileDeps,
  run?: AgentRunRef,
): Promise<OpenedFile> {
  const action = fileAction(file.fileType);
  const bytes = await deps.download();
  if (action === "download") {
    deps.saveAs(bytes, file.fileName);
    return { kind: "downloaded", fileName: file.fileName };
  }
  if (action === "workbook") return insertOrDownload(file, bytes, deps);
  const { table, choices } = textFileToTable(file.fileType, new TextDecoder("utf-8").decode(bytes));
  const sheetName = await deps.writeSheet(
    run ? agentSheetLabel(file, run) : plainLabel(file.fileName),
    table,
  );
  const kept = table.keptAsText ? { keptAsText: table.keptAsText } : {};
  return { kind: "sheet", sheetName, rows: table.rows.length, columns: choices, ...kept };
}

/**
 * An xlsx file is first rid of formulas calling out of the workbook (or refused, naming the cells:
 * thrown, so the pane shows it as an error); then its sheets go into the workbook when Excel can
 * take them; otherwise (too big for one request, or features Excel on the web refuses) the cleaned
 * file is downloaded and the reason given.
 */
async function insertOrDownload(
  file: AgentFileRef,
  agentBytes: Uint8Array,
  deps: AgentFileDeps,
): Promise<OpenedFile> {
  const checked = checkOutward(agentBytes);
  if (checked.kind === "refused") throw new Error(checked.message);
  const bytes = checked.kind === "cleaned" ? checked.bytes : agentBytes;
  const replaced = checked.kind === "cleaned" ? { replaced: checked.notes.join(" ") } : {};
  const downloaded = (reason: string): OpenedFile => {
    deps.saveAs(bytes, file.fileName);
    return { kind: "downloaded", fileName: file.fileName, reason, ...replaced };
  };
  const base64 = bytesToBase64(bytes);
  const tooBig = oversizeReason(base64.length);
  if (tooBig) return downloaded(tooBig);
  try {
    return { kind: "workbook", sheetNames: await deps.insertWorkbook(base64), ...replaced };
  } catch (err) {
    const code = errorCode(err);
    if (code === "UnsupportedFeature") {
      const parts = unsupportedParts(bytes);
      return downloaded(
        `Excel can't insert sheets with ${parts.length ? parts.join(", ") : "some of this file's features"} here`,
      );
    }
    if (code === "RequestPayloadSizeLimitExceeded")
      return downloaded("the file is over what Excel takes in one request");
    throw err;
  }
}
