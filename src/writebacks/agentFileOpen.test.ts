import type { TypedTable } from "../api/table";
import {
  agentSheetLabel,
  bytesToBase64,
  finishedText,
  openLabel,
  describeOpened,
  openAgentFile,
  textFileToTable,
  type AgentFileDeps,
} from "./agentFileOpen";

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function fakeDeps(
  bytes: Uint8Array,
): AgentFileDeps & { written: [string, TypedTable][]; inserted: string[]; saved: string[] } {
  const written: [string, TypedTable][] = [];
  const inserted: string[] = [];
  const saved: string[] = [];
  return {
    written,
    inserted,
    saved,
    download: async () => bytes,
    writeSheet: async (fileName, table) => {
      written.push([fileName, table]);
      return `sheet for ${fileName}`;
    },
    insertWorkbook: async (b64) => {
      inserted.push(b64);
      return ["Data"];
    },
    saveAs: (_, name) => void saved.push(name),
  };
}

describe("openAgentFile", () => {
  it("writes a CSV file as a new sheet named after the file, and says what each column became", async () => {
    const deps = fakeDeps(enc("\uFEFFshow,downloads,zip\nA,10,01234\nB,20,90210"));
    const r = await openAgentFile({ fileName: "shows.csv", fileType: "csv" }, deps);
    expect(r).toEqual({
      kind: "sheet",
      sheetName: "sheet for shows",
      rows: 2,
      columns: [
        { name: "show", kind: "text" },
        { name: "downloads", kind: "number" },
        { name: "zip", kind: "text", note: '"01234" has a leading zero' },
      ],
      keptAsText: [{ column: "zip", cells: 1 }],
    });
    expect(deps.written[0][0]).toBe("shows");
    expect(deps.written[0][1].rows).toEqual([
      ["A", 10, "01234"],
      ["B", 20, "90210"],
    ]);
    expect(describeOpened(r)).toBe(
      'Opened as sheet "sheet for shows" (2 rows). Columns: show: text; downloads: number; zip: text ("01234" has a leading zero).' +
        " 1 cell was kept as text, exactly as written, since as a number it would change (a leading zero, more than 15 digits, or too large or small for Excel): zip (1).",
    );
  });

  it("splits TSV on tabs only: quotes and commas are text", () => {
    const { table } = textFileToTable("tsv", 'a\tb\n"x, y"\tsay "hi"\n"open\t"a,b"\n');
    expect(table.rows).toEqual([
      ['"x, y"', 'say "hi"'],
      ['"open', '"a,b"'],
    ]);
  });

  it("inserts xlsx bytes as base64 and downloads other types", async () => {
    const xlsx = fakeDeps(new Uint8Array([80, 75, 3, 4, 255]));
    expect(await openAgentFile({ fileName: "r.xlsx", fileType: "xlsx" }, xlsx)).toEqual({
      kind: "workbook",
      sheetNames: ["Data"],
    });
    expect(xlsx.inserted).toEqual([Buffer.from([80, 75, 3, 4, 255]).toString("base64")]);
    const zip = fakeDeps(new Uint8Array([1]));
    expect(await openAgentFile({ fileName: "all.zip", fileType: "zip" }, zip)).toEqual({
      kind: "downloaded",
      fileName: "all.zip",
    });
    expect(zip.saved).toEqual(["all.zip"]);
  });

  it("encodes large buffers to base64 exactly", () => {
    const big = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString("base64"));
  });
});

describe("issue 49: a run's files", () => {
  it("issue 57: a run's sheets are named one way, the run and the file, whether the pane started the run or followed it by id", () => {
    expect(agentSheetLabel({ fileName: "shortlist.csv" }, { runId: 7 })).toBe("Run 7 · shortlist.csv");
    // The four files of a run the pane started, whose agent it knows (agent 1): one pattern all the same,
    // and the same table as CSV, TSV and JSON is three names, none "(2)".
    const started = { agentId: 1, runId: 1 };
    const four = ["csv", "tsv", "json", "txt"].map((t) =>
      agentSheetLabel({ fileName: `shortlist.${t}` }, started),
    );
    expect(four).toEqual([
      "Run 1 · shortlist.csv",
      "Run 1 · shortlist.tsv",
      "Run 1 · shortlist.json",
      "Run 1 · shortlist.txt",
    ]);
    // No room for the whole name: it is cut before its type.
    const long = agentSheetLabel({ fileName: "quarterly-shortlist-final.json" }, { runId: 345 });
    expect(long).toBe("Run 345 · quarterly-short….json");
    expect(long.length).toBeLessThanOrEqual(31);
  });

  it("issue 57: a finished run opens nothing by itself; its message names each file's button as labelled", () => {
    const files = ["csv", "tsv", "json", "txt"].map((t) => ({ fileName: `shortlist.${t}`, fileType: t }));
    expect(finishedText(files)).toBe(
      "The run finished with 4 files: choose Open as sheet beside each file you want below; nothing was opened yet.",
    );
    expect(
      finishedText([
        ...files,
        { fileName: "deck.xlsx", fileType: "xlsx" },
        { fileName: "a.pdf", fileType: "pdf" },
      ]),
    ).toBe(
      "The run finished with 6 files: choose Open as sheet, Insert sheets or Download beside each file you want below; nothing was opened yet.",
    );
    expect(finishedText([])).toBe("The run finished with no files.");
    expect(["csv", "xlsx", "pdf"].map((fileType) => openLabel({ fileType }))).toEqual([
      "Open as sheet",
      "Insert sheets",
      "Download",
    ]);
  });
});
