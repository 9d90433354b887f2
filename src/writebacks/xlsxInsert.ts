/**
 * Whether Excel can insert an .xlsx file's sheets (insertWorksheetsFromBase64), and what to tell
 * the planner when it cannot: the base64 text is part of one request (5 MB in Excel on the web),
 * and Excel on the web refuses files with PivotTables, charts, comments or slicers.
 */
import { unzipSync } from "fflate";
import { CALL_BYTES, PAYLOAD_LIMIT_BYTES } from "../api/excelLimits";

const PARTS: [RegExp, string][] = [
  [/^xl\/pivotTables\//, "PivotTables"],
  [/^xl\/charts\//, "charts"],
  [/^xl\/(comments\d*\.xml|threadedComments\/)/, "comments"],
  [/^xl\/(slicers|slicerCaches)\//, "slicers"],
];

/** The features in the file that Excel on the web cannot insert (read from the zip's part names only). */
export function unsupportedParts(bytes: Uint8Array): string[] {
  const found = new Set<string>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        for (const [re, what] of PARTS) if (re.test(file.name)) found.add(what);
        return false; // names are enough: nothing is decompressed
      },
    });
  } catch {
    /* not a readable zip: Excel will say so when it tries */
  }
  return [...found];
}

/** Why the file cannot go in one request, or null when its base64 fits. */
export function oversizeReason(base64Length: number): string | null {
  if (base64Length + CALL_BYTES <= PAYLOAD_LIMIT_BYTES) return null;
  const mb = (base64Length / 2 ** 20).toFixed(1);
  return `the file is ${mb} MB as Excel receives it, over the 5 MB Excel takes in one request`;
}
