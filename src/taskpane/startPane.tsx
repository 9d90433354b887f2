/**
 * The pane itself (React, Fluent UI and the Connect tab), started by the page's pane entry (index.tsx)
 * once Office is ready and the page's first ADS call has its answer.
 */
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { readDeployment } from "./deployment";

/** Renders the pane into `root`. The render is a transition: it yields to the page's other work. */
export function startPane(root: HTMLElement, excel: typeof Excel): void {
  // The service, links and contact this build was made for (build settings, see docs/deploy.md).
  const deployment = readDeployment(ADS_DEPLOYMENT);
  const r = createRoot(root);
  startTransition(() => r.render(<App excel={excel} deployment={deployment} />));
}
