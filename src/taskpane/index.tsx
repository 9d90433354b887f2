/**
 * Office entry of the task pane (the shared-runtime page also loads the commands and functions
 * bundles). The pane's own code (React, Fluent UI, the Connect tab: startPane.tsx) is a file of its
 * own, which the page's head fetches in the order that suits the planner (webpack.config.js,
 * PageCodeOrder): where a key is remembered, after the ADS functions' code, so a cell calculated as
 * the workbook opens does not share the link with the pane's download (issue #46).
 */
import { firstCallAnswered } from "../functions/excelCalls";
import { CODE_NOT_DOWNLOADED, isCodeLoadFailure } from "../runtime/codeLoadFailure";
import { paneCodeTurn } from "./paneCodeTurn";

/** The longest the pane waits for its turn and the first call's answer before it shows anyway. */
const PANE_WAIT_MS = 1500;

/** Office's type, for a message shown without the pane's code (and so without Fluent UI's styles). */
const PLAIN = "font: 14px/1.4 'Segoe UI', system-ui, sans-serif; margin: 12px;";

/** Runs the pane's code and renders it; if its file cannot be downloaded, says so with Try again. */
async function showPane(root: HTMLElement): Promise<void> {
  try {
    const { startPane } = await import(/* webpackChunkName: "pane" */ "./startPane");
    root.replaceChildren();
    startPane(root, Excel);
  } catch (err) {
    if (!isCodeLoadFailure(err)) throw err;
    const message = document.createElement("p");
    message.setAttribute("role", "alert");
    message.style.cssText = PLAIN;
    message.textContent = `The pane could not open: ${CODE_NOT_DOWNLOADED}. Check the network, then choose Try again.`;
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = "Try again";
    again.style.cssText = `${PLAIN} margin-top: 0; padding: 4px 12px;`;
    // webpack forgets a file that failed, so the next import asks for it again.
    again.addEventListener("click", () => void showPane(root));
    root.replaceChildren(message, again);
    again.focus();
  }
}

void Office.onReady(async () => {
  // The pane's file is fetched in its turn (after the functions' where a key is remembered), and a
  // cell calculated as the page opens goes first: its code runs, its request goes and its answer
  // reaches Excel before the pane's code runs and renders (issue #46; excelCalls.ts). One budget
  // bounds both waits.
  const started = Date.now();
  await paneCodeTurn(document, PANE_WAIT_MS);
  await firstCallAnswered(Math.max(0, PANE_WAIT_MS - (Date.now() - started)));
  const root = document.getElementById("root");
  if (root) await showPane(root);
});
