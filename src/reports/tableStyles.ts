/**
 * The table styles a planner can pick for a report sheet: a few of Excel's built-in styles, named as
 * Excel's style gallery shows them, with what they look like in the Office theme.
 */
export const TABLE_STYLES = [
  { id: "TableStyleLight9", label: "Light 9: blue header (default)" },
  { id: "TableStyleLight1", label: "Light 1: grey bands" },
  { id: "TableStyleMedium2", label: "Medium 2: blue, banded" },
  { id: "TableStyleMedium9", label: "Medium 9: blue, strong bands" },
  { id: "TableStyleMedium3", label: "Medium 3: orange, banded" },
  { id: "TableStyleMedium7", label: "Medium 7: green, banded" },
] as const;

export type TableStyleId = (typeof TABLE_STYLES)[number]["id"];
export const DEFAULT_STYLE: TableStyleId = "TableStyleLight9";
