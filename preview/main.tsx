/**
 * The browser preview: the add-in outside Excel. The task pane (the same React App) sits beside an
 * in-memory workbook drawn as a grid; ADS.* formulas typed in the grid run through the same
 * function code as in Excel. The service is the local sandbox (npm start) unless changed on Connect.
 *
 * In Excel the pane is its own frame: its toasts, dialogs and pop-ups stay inside it. Here the
 * pane's portals mount in a node beside the pane column, whose box holds their fixed positions, so
 * a toast never covers the grid or its sheet tabs.
 */
import { PortalMountNodeProvider } from "@fluentui/react-components";
import { useState } from "react";
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

function Preview({ workbook, sandboxUrl }: { workbook: InMemoryWorkbook; sandboxUrl: string }) {
  const [portals, setPortals] = useState<HTMLElement | null>(null);
  return (
    <div className="preview">
      <div className="pane-frame">
        <aside className="pane-column" aria-label="Ads Analytics task pane">
          <PortalMountNodeProvider value={portals ?? undefined}>
            <App excel={workbook.excel} defaultBaseUrl={sandboxUrl} />
          </PortalMountNodeProvider>
        </aside>
        <div className="pane-portals" ref={setPortals} />
      </div>
      <Grid workbook={workbook} />
    </div>
  );
}

async function main(): Promise<void> {
  const workbook = new InMemoryWorkbook();
  // src/excel reads a few enums from the global Excel namespace, as it would in Office.
  (globalThis as unknown as { Excel: unknown }).Excel = workbook.excel;
  attachAdsFunctions(workbook, adsFunctions);
  (window as unknown as { __workbook: InMemoryWorkbook }).__workbook = workbook;
  const { sandboxUrl } = await config();
  createRoot(document.getElementById("root")!).render(
    <Preview workbook={workbook} sandboxUrl={sandboxUrl} />,
  );
}

void main();
