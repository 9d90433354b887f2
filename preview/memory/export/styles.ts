/**
 * The workbook's styles part (xl/styles.xml): each distinct look of a cell (number format, bold,
 * font colour, fill, horizontal alignment, borders) becomes one cell format (`xf`), numbered as cells refer
 * to it (`s="n"`). General (0) and Text (49) keep their built-in ids; every other format code is
 * written out with an id from 164, as Excel writes its custom formats (ECMA-376 Part 1, 18.8.30).
 */
import type { CellEdge, CellSide } from "../model";
import { el, NS, XML_HEAD } from "./xml";

export interface CellLook {
  numberFormat?: string;
  bold?: boolean;
  color?: string;
  fill?: string;
  align?: "Left" | "Center" | "Right";
  /** The cell's own edges (a line a neighbour holds is written in the neighbour's format, as Excel files keep it). */
  borders?: Partial<Record<CellSide, CellEdge>>;
}

const SIDES: readonly CellSide[] = ["left", "right", "top", "bottom"];

/** Excel's line style and weight as a file's border style (ECMA-376 Part 1, 18.18.3 ST_BorderStyle). */
function borderStyle(e: CellEdge): string | null {
  const heavy = e.weight === "Medium" || e.weight === "Thick";
  switch (e.style) {
    case "None":
      return null;
    case "Continuous":
      return { Hairline: "hair", Thin: "thin", Medium: "medium", Thick: "thick" }[e.weight];
    case "Dash":
      return heavy ? "mediumDashed" : "dashed";
    case "DashDot":
      return heavy ? "mediumDashDot" : "dashDot";
    case "DashDotDot":
      return heavy ? "mediumDashDotDot" : "dashDotDot";
    case "Dot":
      return "dotted";
    case "Double":
      return "double";
    case "SlantDashDot":
      return "slantDashDot";
  }
}

/** A cell's borders as the key of one `border` element: "side:style:ARGB" per drawn side, in the file's order. */
function borderKey(borders: CellLook["borders"]): string {
  const parts: string[] = [];
  for (const side of SIDES) {
    const e = borders?.[side];
    const style = e && borderStyle(e);
    if (e && style) parts.push(`${side}:${style}:${argb(e.color) ?? "FF000000"}`);
  }
  return parts.join(",");
}

const BUILT_IN: Record<string, number> = { General: 0, "@": 49 };

/** "#FFC7CE" → "FFFFC7CE" (opaque ARGB); null for what is not a hex colour. */
function argb(color: string | undefined): string | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? "");
  return m ? `FF${m[1].toUpperCase()}` : null;
}

/** One `border` element from its key: each side with its line, or empty (ECMA-376 Part 1, 18.8.4). */
function borderXml(key: string): string {
  const drawn = new Map(
    key
      .split(",")
      .filter(Boolean)
      .map((part) => {
        const [side, style, rgb] = part.split(":");
        return [side, { style, rgb }] as const;
      }),
  );
  const side = (name: CellSide) => {
    const line = drawn.get(name);
    return line ? el(name, { style: line.style }, el("color", { rgb: line.rgb })) : el(name);
  };
  return el("border", {}, ...SIDES.map(side), el("diagonal"));
}

export class StyleSheet {
  private readonly formats = new Map<string, number>();
  private readonly fonts = new Map<string, number>([["|", 0]]);
  private readonly fills = new Map<string, number>([
    ["none", 0],
    ["gray125", 1],
  ]);
  private readonly borders = new Map<string, number>([["", 0]]);
  private readonly xfs = new Map<string, number>([["0|0|0||0", 0]]);

  /** The `s` index of a cell with this look (0: the default). */
  index(look: CellLook): number {
    const numFmt = this.formatId(look.numberFormat);
    const color = argb(look.color);
    const fontKey = `${look.bold ? "b" : ""}|${color ?? ""}`;
    if (!this.fonts.has(fontKey)) this.fonts.set(fontKey, this.fonts.size);
    const fill = argb(look.fill);
    const fillKey = fill ?? "none";
    if (!this.fills.has(fillKey)) this.fills.set(fillKey, this.fills.size);
    const lines = borderKey(look.borders);
    if (!this.borders.has(lines)) this.borders.set(lines, this.borders.size);
    const key = `${numFmt}|${this.fonts.get(fontKey)}|${this.fills.get(fillKey)}|${look.align ?? ""}|${this.borders.get(lines)}`;
    let xf = this.xfs.get(key);
    if (xf === undefined) {
      xf = this.xfs.size;
      this.xfs.set(key, xf);
    }
    return xf;
  }

  private formatId(code: string | undefined): number {
    if (!code) return 0;
    const builtIn = BUILT_IN[code];
    if (builtIn !== undefined) return builtIn;
    let id = this.formats.get(code);
    if (id === undefined) {
      id = 164 + this.formats.size;
      this.formats.set(code, id);
    }
    return id;
  }

  xml(): string {
    const numFmts = [...this.formats].map(([code, id]) => el("numFmt", { numFmtId: id, formatCode: code }));
    const fonts = [...this.fonts.keys()].map((key) => {
      const [bold, color] = key.split("|");
      return el(
        "font",
        {},
        bold ? el("b") : "",
        el("sz", { val: 11 }),
        color ? el("color", { rgb: color }) : el("color", { theme: 1 }),
        el("name", { val: "Calibri" }),
        el("family", { val: 2 }),
        el("scheme", { val: "minor" }),
      );
    });
    const fills = [...this.fills.keys()].map((key) =>
      key === "none" || key === "gray125"
        ? el("fill", {}, el("patternFill", { patternType: key }))
        : el(
            "fill",
            {},
            el(
              "patternFill",
              { patternType: "solid" },
              el("fgColor", { rgb: key }),
              el("bgColor", { indexed: 64 }),
            ),
          ),
    );
    const borders = [...this.borders.keys()].map(borderXml);
    const xfs = [...this.xfs.keys()].map((key) => {
      const [numFmt, font, fill, align, border] = key.split("|");
      return el(
        "xf",
        {
          numFmtId: numFmt,
          fontId: font,
          fillId: fill,
          borderId: border,
          xfId: 0,
          applyNumberFormat: numFmt !== "0" || undefined,
          applyFont: font !== "0" || undefined,
          applyFill: fill !== "0" || undefined,
          applyBorder: border !== "0" || undefined,
          applyAlignment: align ? true : undefined,
        },
        align ? el("alignment", { horizontal: align.toLowerCase() }) : "",
      );
    });
    return (
      XML_HEAD +
      el(
        "styleSheet",
        { xmlns: NS.main },
        numFmts.length ? el("numFmts", { count: numFmts.length }, ...numFmts) : "",
        el("fonts", { count: fonts.length }, ...fonts),
        el("fills", { count: fills.length }, ...fills),
        el("borders", { count: borders.length }, ...borders),
        el("cellStyleXfs", { count: 1 }, el("xf", { numFmtId: 0, fontId: 0, fillId: 0, borderId: 0 })),
        el("cellXfs", { count: xfs.length }, ...xfs),
        el("cellStyles", { count: 1 }, el("cellStyle", { name: "Normal", xfId: 0, builtinId: 0 })),
        el("dxfs", { count: 0 }),
        el("tableStyles", {
          count: 0,
          defaultTableStyle: "TableStyleMedium2",
          defaultPivotStyle: "PivotStyleLight16",
        }),
      )
    );
  }
}
