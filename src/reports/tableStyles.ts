/**
 * The table styles a planner can pick for a report sheet: a few of Excel's built-in styles, named as
 * Excel's style gallery shows them, with what they look like in the Office theme. Each one's header and
 * rows are legible (WCAG AA, test/contrast.test.ts): Medium 3 and Medium 7 (white on orange, on green)
 * are not, so orange and green are offered as Light 17 and Light 21 (dark text, coloured lines).
 */
export const TABLE_STYLES = [
  { id: "TableStyleLight9", label: "Light 9: blue header (default)" },
  { id: "TableStyleLight1", label: "Light 1: grey bands" },
  { id: "TableStyleMedium2", label: "Medium 2: blue, banded" },
  { id: "TableStyleMedium9", label: "Medium 9: blue, strong bands" },
  { id: "TableStyleLight17", label: "Light 17: orange lines" },
  { id: "TableStyleLight21", label: "Light 21: green lines" },
] as const;

export type TableStyleId = (typeof TABLE_STYLES)[number]["id"];
export const DEFAULT_STYLE: TableStyleId = "TableStyleLight9";
