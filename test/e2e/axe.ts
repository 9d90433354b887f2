/**
 * axe-core (from npm, injected into the page) over the task pane. The pane is audited as Office shows
 * it: the whole page but the preview's own workbook grid, Fluent's portals (toasts) included.
 *
 * Exceptions are Fluent's own focus helpers only, each named, and matched on the exact element:
 * Tabster puts a focusable, aria-hidden dummy <i data-tabster-dummy> before and after a "Groupper"
 * (the toast list) to steer Tab through it. axe's aria-hidden-focus reports them; Fluent and Tabster
 * keep them by design (microsoft/fluentui#25133, microsoft/tabster#288): they pass focus on at once and
 * must stay hidden from screen readers. (The pane's tab bar is our own tablist with a roving tabindex,
 * so it has no such dummies.)
 */
import { readFileSync } from "fs";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.0, 2.1 and 2.2 A and AA (2.2 AA brings target size) and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export const FLUENT_FOCUS_HELPERS: Record<string, string> = {
  "Tabster dummy before the toasts":
    "The focus guard Tabster adds before Fluent's toast list (a Groupper: Tab enters a toast).",
  "Tabster dummy after the toasts":
    "The focus guard Tabster adds after Fluent's toast list (a Groupper: Tab enters a toast).",
};

export interface AxeFinding {
  rule: string;
  impact: string | null;
  /** A name for an element that is one of Fluent's focus helpers, else null. */
  helper: string | null;
  html: string;
  target: string;
}

/** Runs axe over `include` (the pane by default) and returns every violating node. */
export async function axeFindings(
  page: Page,
  include: string[] = ["body"],
  exclude: string[] = [".grid-host"],
): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ include, exclude, tags }) => {
      interface AxeNode {
        html: string;
        target: string[];
        impact: string | null;
      }
      interface AxeResult {
        violations: { id: string; nodes: AxeNode[] }[];
      }
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResult> } }).axe;
      const result = await axe.run(
        { include: include.map((s) => [s]), exclude: exclude.map((s) => [s]) },
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      );
      /** Names a Tabster dummy beside the toasts; null for anything else. */
      const helperName = (rule: string, selector: string, html: string): string | null => {
        if (rule !== "aria-hidden-focus") return null;
        // A toast that left while axe ran takes its dummies with it: axe names them ":root" and they
        // are no longer in the page. Only a detached Groupper dummy, as its html says, is taken as one.
        const detached =
          selector === ":root" && !document.querySelector("aside[aria-label='Notifications'] .fui-Toast");
        const dummy =
          /^<i tabindex="0" role="none" data-tabster-dummy="[^"]*\(Groupper, tabbable=true\)" aria-hidden="true"/;
        if (detached && dummy.test(html))
          return `Tabster dummy ${/isFirst=true/.test(html) ? "before" : "after"} the toasts`;
        const el = document.querySelector(selector);
        if (!el?.matches("i[data-tabster-dummy][aria-hidden='true']")) return null;
        const kind = el.getAttribute("data-tabster-dummy") ?? "";
        const side = /isFirst=true/.test(kind) ? "before" : "after";
        const parent = el.parentElement;
        if (/\(Groupper/.test(kind) && parent?.closest("aside[aria-label='Notifications']"))
          return `Tabster dummy ${side} the toasts`;
        return null;
      };
      return result.violations.flatMap((v) =>
        v.nodes.map((n) => ({
          rule: v.id,
          impact: n.impact,
          helper: helperName(v.id, n.target.join(" "), n.html),
          html: n.html.slice(0, 200),
          target: n.target.join(" "),
        })),
      );
    },
    { include, exclude, tags: TAGS },
  );
}
