/** Office entry of the task pane (the shared-runtime page also loads the commands and functions bundles). */
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { readDeployment } from "./deployment";

/** The service, links and contact this build was made for (build settings, see docs/deploy.md). */
const deployment = readDeployment(ADS_DEPLOYMENT);

void Office.onReady(() => {
  const root = document.getElementById("root");
  if (root) createRoot(root).render(<App excel={Excel} deployment={deployment} />);
});
