/**
 * The browser preview: the add-in outside Excel. The task pane (the same React App) sits beside an
 * in-memory workbook drawn as a grid; ADS.* formulas typed in the grid run through the same
 * function code as in Excel. The service is the local sandbox (npm start) unless changed on Connect.
 */
import { createRoot } from "react-dom/client";
import { App } from "../src/taskpane/App";
import { adsFunctions } from "../src/functions/runtime";
import { attachAdsFunctions } from "./functionsHost";
import { Grid } from "./Grid";
import { InMemoryWorkbook } from "./memory/workbook";

interface PreviewConfig {
  sandboxUrl: string;
}

async function config(): Promise<PreviewConfig> {
  try {
    const res = await fetch("/config.json");
    if (res.ok) return (await res.json()) as PreviewConfig;
  } catch {
    /* served without the preview server: fall back to the default sandbox address */
  }
  return { sandboxUrl: "http://127.0.0.1:4010" };
}

async function main(): Promise<void> {
  const workbook = new InMemoryWorkbook();
  // src/excel reads a few enums from the global Excel namespace, as it would in Office.
  (globalThis as unknown as { Excel: unknown }).Excel = workbook.excel;
  attachAdsFunctions(workbook, adsFunctions);
  (window as unknown as { __workbook: InMemoryWorkbook }).__workbook = workbook;
  const { sandboxUrl } = await config();
  createRoot(document.getElementById("root")!).render(
    <div className="preview">
      <aside className="pane-column" aria-label="Ads Analytics task pane">
        <App excel={workbook.excel} defaultBaseUrl={sandboxUrl} />
      </aside>
      <Grid workbook={workbook} />
    </div>,
  );
}

void main();
