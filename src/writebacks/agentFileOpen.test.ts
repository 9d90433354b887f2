import type { TypedTable } from "../api/table";
import {
  agentSheetLabel,
  isTabular,
  bytesToBase64,
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
  it("a sheet is named after the agent, the run and the file; a run followed by id, after the run and the file", () => {
    expect(agentSheetLabel({ fileName: "shortlist.csv" }, { agentId: 1, runId: 7 })).toBe(
      "Agent 1 · run 7 · shortlist.csv",
    );
    // The same table as CSV, TSV and JSON: three names, none "(2)".
    const three = ["csv", "tsv", "json"].map((t) =>
      agentSheetLabel({ fileName: `shortlist.${t}` }, { agentId: 1, runId: 7 }),
    );
    expect(new Set(three).size).toBe(3);
    expect(agentSheetLabel({ fileName: "shortlist.csv" }, { runId: 345 })).toBe("Run 345 · shortlist.csv");
    // No room for all three: the agent goes first, then the name is cut before its type.
    expect(agentSheetLabel({ fileName: "shortlist.json" }, { agentId: 12, runId: 345 })).toBe(
      "Run 345 · shortlist.json",
    );
    const long = agentSheetLabel({ fileName: "quarterly-shortlist-final.json" }, { agentId: 12, runId: 345 });
    expect(long).toBe("Run 345 · quarterly-short….json");
    expect(long.length).toBeLessThanOrEqual(31);
  });

  it("tabular files (CSV, TSV, JSON, text) open by themselves; xlsx and the rest keep their one action", () => {
    expect(["csv", "tsv", "json"].map((fileType) => isTabular({ fileType }))).toEqual([true, true, true]);
    expect(["xlsx", "pdf", "png"].map((fileType) => isTabular({ fileType }))).toEqual([false, false, false]);
  });
});
