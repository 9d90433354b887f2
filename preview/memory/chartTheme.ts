/**
 * Excel's series colours in the Office theme: the six accents, then the same darker (luminance 60%),
 * then lighter (80% + 20%), so a seventh series (the report charts' "Spend, all") is not the first's.
 * A series without a colour of its own is drawn in the k-th, by the preview (preview/grid) and in
 * the downloaded workbook's chart parts (export/charts.ts) alike.
 */
export const THEME_COLORS = [
  ...["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"],
  ...["#264478", "#9E480E", "#636363", "#997300", "#255E91", "#43682B"],
  ...["#698ED0", "#F1975A", "#B7B7B7", "#FFCD33", "#7CAFDD", "#8CC168"],
];
