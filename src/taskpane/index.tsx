/** Office entry of the task pane (the shared-runtime page also loads the commands and functions bundles). */
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { readDeployment } from "./deployment";
import { firstCallAnswered } from "../functions/excelCalls";

/** The service, links and contact this build was made for (build settings, see docs/deploy.md). */
const deployment = readDeployment(ADS_DEPLOYMENT);

void Office.onReady(async () => {
  // A cell calculated as the page opens goes first: its code runs, its request goes and its answer
  // reaches Excel before the pane's first render (issue #46; excelCalls.ts). The render is a
  // transition, so it yields to the page's other work instead of one long task.
  await firstCallAnswered();
  const root = document.getElementById("root");
  if (!root) return;
  const r = createRoot(root);
  startTransition(() => r.render(<App excel={Excel} deployment={deployment} />));
});
