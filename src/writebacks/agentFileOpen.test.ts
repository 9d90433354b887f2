import type { TypedTable } from "../api/table";
import { bytesToBase64, openAgentFile, textFileToTable, tsvToCsv, type AgentFileDeps } from "./agentFileOpen";

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
/** A stand-in CSV reader: every column text. */
const naiveCsv = (csv: string): TypedTable => {
  const [head, ...rest] = csv.split("\n");
  return {
    columns: head.split(",").map((name) => ({ name, kind: "text" })),
    rows: rest.map((l) => l.split(",")),
  };
};

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
    parseCsv: naiveCsv,
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
  it("writes a CSV file as a new sheet named after the file", async () => {
    const deps = fakeDeps(enc("\uFEFFshow,downloads\nA,10\nB,20"));
    const r = await openAgentFile({ fileName: "shows.csv", fileType: "csv" }, deps);
    expect(r).toEqual({ kind: "sheet", sheetName: "sheet for shows.csv", rows: 2 });
    expect(deps.written[0][0]).toBe("shows.csv");
    expect(deps.written[0][1].rows).toEqual([
      ["A", "10"],
      ["B", "20"],
    ]);
  });

  it("reads TSV through the CSV reader, quoting what needs it", async () => {
    expect(tsvToCsv('a\tb\nx, y\tsay "hi"\n')).toBe('a,b\n"x, y","say ""hi"""');
    const t = textFileToTable("tsv", "a\tb\n1\t2\n", naiveCsv);
    expect(t.rows).toEqual([["1", "2"]]);
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
