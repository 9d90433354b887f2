/** Writing SpreadsheetML (pure): escaped text and attributes, elements, and Excel's `_xHHHH_` escapes. */

/** Text or an attribute value with XML's five special characters escaped. */
export function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`,
  );
}

/**
 * A cell's or a name's text as SpreadsheetML keeps it: characters XML 1.0 cannot hold (controls
 * other than tab, line feed and carriage return) as `_xHHHH_`, and a literal `_xHHHH_` escaped with
 * `_x005F_` so that it reads back as itself (ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
 */
export function ooxmlText(text: string): string {
  return text.replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1").replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
    (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`,
  );
}

type Attrs = Record<string, string | number | boolean | undefined | null>;

/** ` a="1" b="x"`: attributes in order, those undefined or null left out, booleans as 1 and 0. */
export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${typeof v === "boolean" ? (v ? 1 : 0) : esc(String(v))}"`)
    .join("");
}

/** An element: self-closed without children, else wrapping them (strings already XML). */
export function el(name: string, a: Attrs = {}, ...children: (string | false | null | undefined)[]): string {
  const inner = children.filter((c): c is string => typeof c === "string" && c !== "").join("");
  return inner ? `<${name}${attrs(a)}>${inner}</${name}>` : `<${name}${attrs(a)}/>`;
}

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const NS = {
  main: "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
  rel: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  pkgRel: "http://schemas.openxmlformats.org/package/2006/relationships",
  types: "http://schemas.openxmlformats.org/package/2006/content-types",
  drawing: "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  chart: "http://schemas.openxmlformats.org/drawingml/2006/chart",
} as const;

/** A relationship of a part: its id, type (the last segment of the officeDocument type URI) and target. */
export interface Rel {
  id: string;
  type: string;
  target: string;
  external?: boolean;
}

export function relsXml(rels: readonly Rel[]): string {
  return (
    XML_HEAD +
    el(
      "Relationships",
      { xmlns: NS.pkgRel },
      ...rels.map((r) =>
        el("Relationship", {
          Id: r.id,
          Type: r.type.startsWith("http") ? r.type : `${NS.rel}/${r.type}`,
          Target: r.target,
          TargetMode: r.external ? "External" : undefined,
        }),
      ),
    )
  );
}
