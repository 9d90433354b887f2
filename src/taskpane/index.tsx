/** Office entry of the task pane (the shared-runtime page also loads the commands and functions bundles). */
import { createRoot } from "react-dom/client";
import { App } from "./App";

/** The service the pane connects to by default; the user can change it on the Connect tab. */
const DEFAULT_BASE_URL = "http://127.0.0.1:4010";

void Office.onReady(() => {
  const root = document.getElementById("root");
  if (root) createRoot(root).render(<App excel={Excel} defaultBaseUrl={DEFAULT_BASE_URL} />);
});
