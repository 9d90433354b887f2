/**
 * The table styles a planner can pick for a report sheet: a few of Excel's built-in styles, named as
 * Excel's style gallery shows them, with what they look like in the Office theme.
 */
export const TABLE_STYLES = [
  { id: "TableStyleLight9", label: "Light 9: blue header, no bands (default)" },
  { id: "TableStyleLight1", label: "Light 1: plain header, grey bands" },
  { id: "TableStyleMedium2", label: "Medium 2: blue header, blue bands" },
  { id: "TableStyleMedium9", label: "Medium 9: blue header, stronger bands" },
  { id: "TableStyleMedium3", label: "Medium 3: orange header, orange bands" },
  { id: "TableStyleMedium7", label: "Medium 7: green header, green bands" },
] as const;

export type TableStyleId = (typeof TABLE_STYLES)[number]["id"];
export const DEFAULT_STYLE: TableStyleId = "TableStyleLight9";
