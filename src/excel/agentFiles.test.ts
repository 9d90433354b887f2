/** Agent files opened into the in-memory workbook: text files as typed sheets, xlsx inserted, others saved. */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { hostileXlsx } from "../../sandbox/resources/hostileXlsx";
import { describeOpened, openAgentFile } from "../writebacks/agentFileOpen";
import { workbookFileTargets } from "./agentFiles";

function setup() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const saved: string[] = [];
  const open = (fileName: string, fileType: string, content: string | Uint8Array) =>
    openAgentFile(
      { fileName, fileType },
      {
        ...workbookFileTargets(wb.excel),
        download: async () => (typeof content === "string" ? strToU8(content) : content),
        saveAs: (_bytes, name) => void saved.push(name),
      },
    );
  return { wb, open, saved };
}

const rowsOf = (wb: InMemoryWorkbook, sheet: string) => {
  const { rows, cols } = wb.host.usedSize(sheet);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => wb.host.cell(sheet, r, c).value),
  );
};

/** A minimal xlsx package with inline strings, as some agents write. */
function xlsx(sheetName: string, rows: (string | number)[][]): Uint8Array {
  const cells = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r
          .map((v, j) => {
            const ref = `${String.fromCharCode(65 + j)}${i + 1}`;
            return typeof v === "number"
              ? `<c r="${ref}"><v>${v}</v></c>`
              : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
          })
          .join("")}</row>`,
    )
    .join("");
  return zipSync({
    "xl/workbook.xml": strToU8(
      `<workbook xmlns:r="r"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${cells}</sheetData></worksheet>`),
  });
}

test("a CSV file opens as a typed table on a sheet named after the file; formula-like text stays text", async () => {
  const { wb, open } = setup();
  const result = await open(
    "shortlist.csv",
    "csv",
    "\uFEFFShow,Downloads,Note\r\nShow 1,12000,rank 1\r\nShow 2,11000,=not a formula\r\n",
  );
  expect(result).toEqual({
    kind: "sheet",
    sheetName: "shortlist",
    rows: 2,
    columns: [
      { name: "Show", kind: "text" },
      { name: "Downloads", kind: "number" },
      { name: "Note", kind: "text" },
    ],
  });
  expect(rowsOf(wb, "shortlist")).toEqual([
    ["Show", "Downloads", "Note"],
    ["Show 1", 12000, "rank 1"],
    ["Show 2", 11000, "=not a formula"],
  ]);
  expect(wb.host.cell("shortlist", 2, 2).formula).toBeUndefined();
  expect(wb.host.tables()).toEqual([expect.objectContaining({ name: "shortlist", sheet: "shortlist" })]);
  expect(wb.host.sheets().find((s) => s.active)?.name).toBe("shortlist");

  // Opened again: a second sheet and table, nothing overwritten.
  expect(await open("shortlist.csv", "csv", "a,b\n1,2\n")).toMatchObject({ sheetName: "shortlist (2)" });
  expect(wb.host.tables().map((t) => t.name)).toEqual(["shortlist", "shortlist_2"]);
  expect(rowsOf(wb, "shortlist")[1]).toEqual(["Show 1", 12000, "rank 1"]);
});

test("TSV, TXT and tabular JSON (flattened to columns) open as sheets", async () => {
  const { wb, open } = setup();
  await open("top.tsv", "tsv", 'Show\tDownloads\tZip\nA, B\t10\t01234\n"quoted\t12345678901234567890\tyes\n');
  // TSV has no quoting; leading zeros, long digit strings and words stay the text they were.
  expect(rowsOf(wb, "top")).toEqual([
    ["Show", "Downloads", "Zip"],
    ["A, B", "10", "01234"],
    ['"quoted', "12345678901234567890", "yes"],
  ]);
  await open("summary.txt", "txt", "Top show: Show 1\n=SUM(1,2) stays text\n");
  expect(rowsOf(wb, "summary")).toEqual([["text"], ["Top show: Show 1"], ["=SUM(1,2) stays text"]]);
  expect(wb.host.cell("summary", 2, 0).formula).toBeUndefined();
  await open(
    "shows.json",
    "json",
    JSON.stringify([
      { show: "A", downloads: 10, meta: { note: "x", tags: ["a", "b"] } },
      { show: "B", meta: { note: "y" }, extra: true },
    ]),
  );
  expect(rowsOf(wb, "shows")).toEqual([
    ["show", "downloads", "meta.note", "meta.tags", "extra"],
    ["A", 10, "x", '["a","b"]', null],
    ["B", null, "y", null, true],
  ]);
});

test("an xlsx file's sheets are inserted; html is handed to the browser; bad JSON says so and writes nothing", async () => {
  const { wb, open, saved } = setup();
  const inserted = await open(
    "shortlist.xlsx",
    "xlsx",
    xlsx("Shortlist", [
      ["Show", "Downloads"],
      ["A", 5],
      ["=not a formula", 6],
    ]),
  );
  expect(inserted).toEqual({ kind: "workbook", sheetNames: ["Shortlist"] });
  expect(rowsOf(wb, "Shortlist")).toEqual([
    ["Show", "Downloads"],
    ["A", 5],
    ["=not a formula", 6],
  ]);
  expect(wb.host.cell("Shortlist", 2, 0).formula).toBeUndefined();
  expect(await open("report.html", "html", "<p>hi</p>")).toEqual({
    kind: "downloaded",
    fileName: "report.html",
  });
  expect(saved).toEqual(["report.html"]);
  const sheets = wb.host.sheets().length;
  await expect(open("broken.json", "json", "{nope")).rejects.toThrow(/not valid JSON/);
  expect(wb.host.sheets()).toHaveLength(sheets);
});

describe("xlsx agent files Excel cannot insert are downloaded, with the reason", () => {
  const zip = (extra: Record<string, Uint8Array>) =>
    zipSync(
      {
        "xl/workbook.xml": strToU8(
          '<workbook><sheets><sheet name="Out" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        "xl/_rels/workbook.xml.rels": strToU8(
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        "xl/worksheets/sheet1.xml": strToU8("<worksheet><sheetData/></worksheet>"),
        ...extra,
      },
      { level: 0 },
    );

  async function open(bytes: Uint8Array) {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const saved: string[] = [];
    const opened = await openAgentFile(
      { fileName: "report.xlsx", fileType: "xlsx" },
      {
        ...workbookFileTargets(wb.excel),
        download: async () => bytes,
        saveAs: (_b, name) => void saved.push(name),
      },
    );
    return { wb, opened, saved };
  }

  test("a file with a chart (Excel on the web refuses it): downloaded, the chart named as the reason", async () => {
    const { wb, opened, saved } = await open(zip({ "xl/charts/chart1.xml": strToU8("<c/>") }));
    expect(opened).toEqual({
      kind: "downloaded",
      fileName: "report.xlsx",
      reason: "Excel can't insert sheets with charts here",
    });
    expect(saved).toEqual(["report.xlsx"]);
    expect(wb.host.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
  });

  test("a file whose base64 is over 5 MB is downloaded before anything is sent", async () => {
    let seed = 1;
    const noise = Uint8Array.from(
      { length: 4_000_000 },
      () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256,
    );
    const { wb, opened } = await open(zip({ "xl/media/image1.bin": noise }));
    expect(opened).toMatchObject({
      kind: "downloaded",
      reason: expect.stringMatching(/over the 5 MB Excel takes in one request/),
    });
    expect(wb.syncLog.some((s) => s.failed)).toBe(false);
  });

  test("a plain file is inserted", async () => {
    const { wb, opened } = await open(zip({}));
    expect(opened).toEqual({ kind: "workbook", sheetNames: ["Out"] });
    expect(wb.host.sheets().map((s) => s.name)).toEqual(["Sheet1", "Out"]);
  });
});

describe("xlsx agent files with formulas calling out of the workbook", () => {
  async function open(bytes: Uint8Array) {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const targets = workbookFileTargets(wb.excel);
    const sent: string[] = [];
    const opened = openAgentFile(
      { fileName: "rates.xlsx", fileType: "xlsx" },
      {
        ...targets,
        insertWorkbook: (base64) => {
          sent.push(base64);
          return targets.insertWorkbook(base64);
        },
        download: async () => bytes,
        saveAs: () => undefined,
      },
    );
    return { wb, opened, sent };
  }
  const sentParts = (base64: string) =>
    Object.fromEntries(
      Object.entries(unzipSync(Buffer.from(base64, "base64"))).map(([k, v]) => [k, strFromU8(v)]),
    );

  test("saved values are inserted in place of WEBSERVICE and shared formulas calling out; the pane says so", async () => {
    const { wb, opened, sent } = await open(hostileXlsx("sharedFormula"));
    const result = await opened;
    expect(result).toEqual({
      kind: "workbook",
      sheetNames: ["Data"],
      replaced: "3 cells on Data that called out of the workbook (WEBSERVICE) now hold their saved values.",
    });
    expect(describeOpened(result)).toBe(
      "Inserted sheet(s): Data. 3 cells on Data that called out of the workbook (WEBSERVICE) now hold their saved values.",
    );
    expect(rowsOf(wb, "Data")).toEqual([
      ["Show", "Rate", null],
      ["Show 1", "10", "Show 1!"],
      ["Show 2", "20", "Show 2!"],
      ["Show 3", "30", "Show 3!"],
    ]);
    // What Excel received holds no call out, and still holds the local shared formulas.
    const sheet = sentParts(sent[0])["xl/worksheets/sheet1.xml"];
    expect(sheet).not.toMatch(/WEBSERVICE/i);
    expect(sheet).toMatch(/<f t="shared" ref="C2:C4" si="1">/);
  });

  test("a link to another workbook: the value is inserted, the link parts are not sent", async () => {
    const { wb, opened, sent } = await open(hostileXlsx("externalLink"));
    expect(await opened).toMatchObject({ kind: "workbook", sheetNames: ["Data"] });
    expect(wb.host.cell("Data", 1, 1).value).toBe(7);
    expect(Object.keys(sentParts(sent[0])).filter((k) => /externalLink/i.test(k))).toEqual([]);
  });

  test("a cell calling out with no saved value: refused with the cells named, nothing inserted", async () => {
    const { wb, opened, sent } = await open(hostileXlsx("webserviceNoValue"));
    await expect(opened).rejects.toThrow(
      "Data!B2, B3 call out of the workbook (WEBSERVICE) and have no saved value: the file was not inserted.",
    );
    expect(sent).toEqual([]);
    expect(wb.host.sheets().map((s) => s.name)).toEqual(["Sheet1"]);
  });

  test('"WEBSERVICE" as text only: the file is sent exactly as the agent made it', async () => {
    const bytes = hostileXlsx("stringLiteral");
    const { opened, sent } = await open(bytes);
    expect(await opened).toEqual({ kind: "workbook", sheetNames: ["Data"] });
    expect(sent).toEqual([Buffer.from(bytes).toString("base64")]);
  });
});

test("issue 49: the same table from three runs lands on three sheets named after the run and the file, never 'shortlist (3)'", async () => {
  const { wb } = setup();
  const names: string[] = [];
  for (const runId of [345, 346, 347]) {
    const opened = await openAgentFile(
      { fileName: "list.csv", fileType: "csv" },
      {
        ...workbookFileTargets(wb.excel),
        download: async () => strToU8("show,downloads\nA,10"),
        saveAs: () => undefined,
      },
      { runId },
    );
    if (opened.kind === "sheet") names.push(opened.sheetName);
  }
  // One naming for every run's sheets (issue 57): the service's run id is one numbering for every agent.
  expect(names).toEqual(["Run 345 · list.csv", "Run 346 · list.csv", "Run 347 · list.csv"]);
  expect(names.some((n) => /\(\d+\)$/.test(n))).toBe(false);
  expect(wb.host.sheets().map((s) => s.name)).toEqual(expect.arrayContaining(names));
});
