/** Reads the sheets of a simple .xlsx (inline or shared strings, numbers, booleans) for insertWorksheetsFromBase64. */
import { strFromU8, unzipSync } from "fflate";
import { columnIndex } from "./address";
import type { Value } from "./model";

interface XlsxSheet {
  name: string;
  /** Row, column, value, and whether the value is an error (#REF!, #N/A, …: held as its text). */
  cells: [number, number, Value, boolean?][];
}

export interface XlsxContents {
  sheets: XlsxSheet[];
  /** Parts Excel on the web cannot insert: PivotTables, charts, comments, slicers. */
  unsupported: string[];
}

const UNSUPPORTED: [RegExp, string][] = [
  [/^xl\/pivotTables\//, "PivotTables"],
  [/^xl\/charts\//, "charts"],
  [/^xl\/(comments\d*\.xml|threadedComments\/)/, "comments"],
  [/^xl\/(slicers|slicerCaches)\//, "slicers"],
];

export function readXlsx(base64: string): XlsxContents {
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  const files = unzipSync(bytes);
  const text = (path: string) => (files[path] ? strFromU8(files[path]) : "");
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  const unsupported = [
    ...new Set(
      Object.keys(files).flatMap((path) =>
        UNSUPPORTED.filter(([re]) => re.test(path)).map(([, what]) => what),
      ),
    ),
  ];
  const shared = [...text("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    [...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => unescape(t[1])).join(""),
  );
  const rels = new Map(
    [
      ...text("xl/_rels/workbook.xml.rels").matchAll(/<Relationship[^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g),
    ].map((m) => [m[1], m[2]]),
  );
  const sheets = [...text("xl/workbook.xml").matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)];
  return {
    unsupported,
    sheets: sheets.map(([, name, rid]) => {
      const target = (rels.get(rid) ?? "").replace(/^\/?xl\//, "");
      const xml = text(`xl/${target}`);
      const cells: [number, number, Value, boolean?][] = [];
      for (const m of xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const col = columnIndex(m[1]);
        const row = Number(m[2]) - 1;
        const attrs = m[3];
        const body = m[4] ?? "";
        const type = /t="(\w+)"/.exec(attrs)?.[1];
        const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        let value: Value = null;
        if (type === "inlineStr")
          value = unescape([...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(""));
        else if (type === "s") value = shared[Number(v)] ?? "";
        else if (type === "b") value = v === "1";
        else if (type === "e") {
          if (v !== undefined) cells.push([row, col, unescape(v), true]);
          continue;
        } else if (type === "str") value = unescape(v ?? "");
        else if (v !== undefined) value = Number(v);
        if (value !== null) cells.push([row, col, value]);
      }
      return { name: unescape(name), cells };
    }),
  };
}
