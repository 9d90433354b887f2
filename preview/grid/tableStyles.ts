/**
 * How Excel's built-in table styles look, approximately: the header's fill and text colour and the
 * banded rows of TableStyleLight1–21, Medium1–28 and Dark1–11, from the Office theme's colours.
 * Each family of seven cycles through dark 1 and accents 1–6. Unknown styles draw as plain cells.
 */
const THEME = ["#000000", "#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"];

export interface TableLook {
  headerFill?: string;
  headerColor: string;
  /** Fill of the odd body rows (the first, third, … row under the header). */
  band?: string;
  /** Fill of the other body rows (medium and dark styles). */
  body?: string;
  bodyColor?: string;
  /** Lines between the rows (Light15–21). */
  border?: string;
}

/** `hex` mixed with white: 0 is the colour, 1 is white. */
function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

export function tableLook(style: string): TableLook | null {
  const m = /^TableStyle(Light|Medium|Dark)(\d+)$/i.exec(style);
  if (!m) return null;
  const n = Number(m[2]);
  const family = m[1].toLowerCase();
  const accent = THEME[(n - 1) % 7];
  const group = Math.floor((n - 1) / 7);
  if (family === "light") {
    if (group === 1) return { headerFill: accent, headerColor: "#FFFFFF" };
    return { headerColor: "#000000", band: tint(accent, 0.8), border: group === 2 ? accent : undefined };
  }
  if (family === "medium") {
    if (group === 0) return { headerFill: accent, headerColor: "#FFFFFF", band: tint(accent, 0.8) };
    if (group === 1)
      return { headerFill: accent, headerColor: "#FFFFFF", band: tint(accent, 0.6), body: tint(accent, 0.8) };
    if (group === 2) return { headerFill: "#000000", headerColor: "#FFFFFF", band: tint(accent, 0.8) };
    return {
      headerFill: tint(accent, 0.6),
      headerColor: "#000000",
      band: tint(accent, 0.6),
      body: tint(accent, 0.8),
    };
  }
  if (n > 11) return null;
  return {
    headerFill: "#000000",
    headerColor: "#FFFFFF",
    band: tint(accent, 0.2),
    body: tint(accent, 0.4),
    bodyColor: "#FFFFFF",
  };
}
