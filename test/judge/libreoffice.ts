/**
 * LibreOffice Calc as the judge: one headless `soffice` run opens every workbook given, recalculates
 * every formula (the profile it runs in says "always recalculate on load", for files from Excel and
 * others alike, so no value the file carries is taken on trust) and saves each as flat ODS
 * (`.fods`), which holds each cell's value and the text LibreOffice shows for it.
 */
import { execFile } from "child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";

const SOFFICE = process.env.SOFFICE_PATH || "/usr/bin/soffice";

/** Calc's "Recalculation on File Load" set to Always for Excel 2007+ and ODF files (0: always). */
const ALWAYS_RECALCULATE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

export interface Recalculated {
  /** The .fods text of each workbook, by the name it was given. */
  fods: Map<string, string>;
  /** How long soffice took, in milliseconds. */
  ms: number;
}

function run(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(SOFFICE, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, _out, stderr) =>
      err ? reject(new Error(`soffice failed: ${err.message}\n${stderr}`)) : resolve(),
    );
  });
}

/** One headless soffice run in `dir`'s own profile (made here, set to recalculate on load): `inputs` converted to `target` into `outdir`. */
async function convert(dir: string, target: string, outdir: string, inputs: string[], timeoutMs: number) {
  mkdirSync(path.join(dir, "profile", "user"), { recursive: true });
  writeFileSync(path.join(dir, "profile", "user", "registrymodifications.xcu"), ALWAYS_RECALCULATE);
  await run(
    [
      `-env:UserInstallation=file://${path.join(dir, "profile")}`,
      "--headless",
      "--norestore",
      "--convert-to",
      target,
      "--outdir",
      outdir,
      ...inputs,
    ],
    timeoutMs,
  );
}

/**
 * Recalculates `files` (name → .xlsx bytes) in one soffice run, in a fresh profile of its own (so
 * runs in parallel never share one), and returns what LibreOffice made of each.
 */
export async function recalculate(
  files: ReadonlyMap<string, Uint8Array>,
  timeoutMs = 150_000,
): Promise<Recalculated> {
  if (!existsSync(SOFFICE))
    throw new Error(`LibreOffice is not installed at ${SOFFICE} (npm test installs it)`);
  const dir = mkdtempSync(path.join(tmpdir(), "ads-judge-"));
  try {
    const inputs = [...files].map(([name, bytes]) => {
      const file = path.join(dir, `${name}.xlsx`);
      writeFileSync(file, bytes);
      return file;
    });
    const out = path.join(dir, "out");
    const started = Date.now();
    await convert(dir, "fods", out, inputs, timeoutMs);
    const ms = Date.now() - started;
    const fods = new Map<string, string>();
    for (const name of files.keys()) {
      const file = path.join(out, `${name}.fods`);
      if (!existsSync(file)) throw new Error(`LibreOffice made nothing of ${name}.xlsx`);
      fods.set(name, readFileSync(file, "utf8"));
    }
    return { fods, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PDFTOPPM = process.env.PDFTOPPM_PATH || "/usr/bin/pdftoppm";

/**
 * Pictures of a workbook's sheets as LibreOffice draws them: `sheets` (0-based positions in the
 * workbook) each as a PNG at 96 dpi (its top-left 1600 × 1400 pixels), its cells and charts on one page (Calc's PDF export with
 * SinglePageSheets prints every sheet, hidden ones too, a page each, in order), from one soffice run
 * in a profile of its own and Poppler's pdftoppm (Debian's poppler-utils: the nogui Calc has no PNG
 * export; scripts/ensure-libreoffice.js installs both).
 */
export async function renderSheets(
  xlsx: Uint8Array,
  sheets: readonly number[],
  timeoutMs = 150_000,
): Promise<Uint8Array[]> {
  for (const tool of [SOFFICE, PDFTOPPM])
    if (!existsSync(tool)) throw new Error(`${tool} is not installed (npm run test:judge installs it)`);
  const dir = mkdtempSync(path.join(tmpdir(), "ads-judge-png-"));
  try {
    const input = path.join(dir, "book.xlsx");
    writeFileSync(input, xlsx);
    const onePageASheet = 'pdf:calc_pdf_Export:{"SinglePageSheets":{"type":"boolean","value":"true"}}';
    await convert(dir, onePageASheet, dir, [input], timeoutMs);
    const pdf = path.join(dir, "book.pdf");
    if (!existsSync(pdf)) throw new Error("LibreOffice drew nothing of the workbook");
    const pictures: Uint8Array[] = [];
    for (const sheet of sheets) {
      const page = String(sheet + 1);
      const out = path.join(dir, `sheet-${page}`);
      await new Promise<void>((resolve, reject) =>
        execFile(
          PDFTOPPM,
          // The top-left of the page: what opens on screen (a wide table's page is meters wide).
          [
            "-r",
            "96",
            "-png",
            "-f",
            page,
            "-l",
            page,
            "-x",
            "0",
            "-y",
            "0",
            "-W",
            "1600",
            "-H",
            "1400",
          ].concat(["-singlefile", pdf, out]),
          { timeout: 60_000 },
          (err) => (err ? reject(new Error(`pdftoppm failed: ${err.message}`)) : resolve()),
        ),
      );
      pictures.push(new Uint8Array(readFileSync(`${out}.png`)));
    }
    return pictures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
