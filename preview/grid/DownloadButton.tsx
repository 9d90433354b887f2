/**
 * "Download .xlsx": the workbook the preview shows, as a real Excel file (memory/export): every
 * sheet, its formulas, formats, tables, widths, links, validations and charts. The key the pane
 * connected with is never in the workbook, so never in the file.
 */
import { exportXlsx } from "../memory/export/exportXlsx";
import type { InMemoryWorkbook } from "../memory/workbook";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const FILE_NAME = "Ads Analytics preview.xlsx";

function download(workbook: InMemoryWorkbook): void {
  const blob = new Blob([new Uint8Array(exportXlsx(workbook.model))], { type: XLSX_TYPE });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = FILE_NAME;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadButton({ workbook }: { workbook: InMemoryWorkbook }) {
  return (
    <button
      type="button"
      className="download-xlsx"
      title="The workbook as an Excel file, to open in Excel"
      onClick={() => download(workbook)}
    >
      Download .xlsx
    </button>
  );
}
