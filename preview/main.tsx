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
import { adsFunctions, setRequirements } from "../src/functions/runtime";
import { isSetSupported } from "./memory/hostApiSets";
import { attachAdsFunctions } from "./functionsHost";
import { Grid } from "./Grid";
import { provideOfficeJs, type GenuineOffice } from "./memory/officeJs";
import { InMemoryWorkbook } from "./memory/workbook";
import { readDeployment } from "../src/taskpane/deployment";

interface PreviewConfig {
  sandboxUrl: string;
}

/** The build's settings; the preview server says where its sandbox runs (a free port in tests). */
const built = readDeployment(ADS_DEPLOYMENT);

async function config(): Promise<PreviewConfig> {
  try {
    const res = await fetch("/config.json");
    if (res.ok) return (await res.json()) as PreviewConfig;
  } catch {
    /* served without the preview server: the build's service (the sandbox's default address) */
  }
  return { sandboxUrl: built.serviceUrl };
}

function Preview({ workbook, sandboxUrl }: { workbook: InMemoryWorkbook; sandboxUrl: string }) {
  const [portals, setPortals] = useState<HTMLElement | null>(null);
  return (
    <div className="preview">
      <div className="pane-frame">
        {/* Not a landmark: in Office the pane is a page of its own, whose <main> is top-level. */}
        <div className="pane-column">
          <PortalMountNodeProvider value={portals ?? undefined}>
            <App excel={workbook.excel} deployment={{ ...built, serviceUrl: sandboxUrl }} />
          </PortalMountNodeProvider>
        </div>
        <div className="pane-portals" ref={setPortals} />
      </div>
      <Grid workbook={workbook} />
    </div>
  );
}

async function main(): Promise<void> {
  // office.js's Excel client, loaded by preview.html's script tag.
  const { Excel, OfficeExtension } = window as unknown as GenuineOffice;
  provideOfficeJs(() => ({ Excel, OfficeExtension }));
  const workbook = new InMemoryWorkbook();
  // src/excel reads a few enums from the global Excel namespace, as it would in Office.
  (globalThis as unknown as { Excel: unknown }).Excel = workbook.excel;
  // The in-memory workbook shows a function's formatted numbers (dates, percentages) as Excel 365 does.
  setRequirements(isSetSupported);
  attachAdsFunctions(workbook, adsFunctions);
  (window as unknown as { __workbook: InMemoryWorkbook }).__workbook = workbook;
  const { sandboxUrl } = await config();
  createRoot(document.getElementById("root")!).render(
    <Preview workbook={workbook} sandboxUrl={sandboxUrl} />,
  );
}

void main();
