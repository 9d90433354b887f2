/**
 * Formulas in an agent's xlsx that call out of the workbook (a web request, another workbook, DDE,
 * a code library): each is replaced by the value saved with it, or, when a cell has no saved value,
 * the whole file is refused naming the cells. Pure: bytes in, bytes or a message out
 * (docs/writebacks.md, "AI agents").
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from "fflate";
import { outwardCalls, type OutwardNames } from "./outwardCalls";

// ---- XML helpers: OOXML written by any tool, so element prefixes (x:c) and entities are allowed.

const P = "(?:[\\w.-]+:)?";

function xmlText(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;"))
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|apos|amp);/gi, (m, e: string) => {
      const named: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
      if (e[0] !== "#") return named[e.toLowerCase()] ?? m;
      const code = e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    });
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? xmlText(m[1] ?? m[2]) : undefined;
}

/** An element's attributes and text (undefined for `<x/>`), first match only. */
function element(xml: string, name: string): { attrs: string; text: string | undefined } | undefined {
  const m = new RegExp(`<(${P})${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</\\1${name}>)`).exec(xml);
  return m ? { attrs: m[2], text: m[3] } : undefined;
}

function removeElements(xml: string, name: string, keep: (attrs: string, text: string) => boolean): string {
  return xml.replace(
    new RegExp(`<(${P})${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</\\1${name}>)`, "g"),
    (m, _p: string, attrs: string, text: string | undefined) => (keep(attrs, text ?? "") ? m : ""),
  );
}

// ---- Cells

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

function columnLetters(n: number): string {
  let s = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

interface SheetScan {
  xml: string;
  /** Outward cells that now hold their saved value. */
  replaced: string[];
  /** Outward cells with no saved value. */
  missing: string[];
  /** What the outward cells called, in first-seen order. */
  calls: Set<string>;
  /** What conditional-format or data-validation formulas call (they have no saved value to keep). */
  ruleCalls: Set<string>;
  linkedObject: boolean;
}

/** The cells of a worksheet's sheetData, in order, with their address (r is optional in OOXML). */
function scanSheet(xml: string, names: OutwardNames): SheetScan {
  const out: SheetScan = {
    xml,
    replaced: [],
    missing: [],
    calls: new Set(),
    ruleCalls: new Set(),
    linkedObject: false,
  };
  const data = new RegExp(`<(${P})sheetData\\b[^>]*?(?:/>|>([\\s\\S]*?)</\\1sheetData>)`).exec(xml);
  const outside = data ? xml.slice(0, data.index) + xml.slice(data.index + data[0].length) : xml;
  for (const m of outside.matchAll(
    new RegExp(`<(${P})(f|formula|formula1|formula2)\\b(?:[^>]*[^>/])?>([\\s\\S]*?)</\\1\\2>`, "g"),
  ))
    for (const c of outwardCalls(xmlText(m[3]), names)) out.ruleCalls.add(c);
  // An OLE object's link= names an external link part, which is dropped: it cannot stay.
  out.linkedObject = new RegExp(`<${P}oleObject\\b[^>]*\\slink\\s*=`).test(outside);
  if (!data?.[2]) return out;
  const inner = data[2];

  const token = new RegExp(`<(${P})row\\b([^>]*?)/?>|<(${P})c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</\\3c>)`, "g");
  /** Visits each cell (prefix, address, attributes, body); a returned string replaces the cell. */
  type Visit = (prefix: string, ref: string, attrs: string, body: string) => string | undefined;
  const cells = (visit: Visit): string => {
    let row = 0;
    let col = 0;
    return inner.replace(
      token,
      (m, _rp, rowAttrs: string | undefined, prefix: string, attrs: string, body: string | undefined) => {
        if (rowAttrs !== undefined) {
          row = Number(attr(rowAttrs, "r") ?? row + 1);
          col = 0;
          return m;
        }
        const r = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(attr(attrs, "r") ?? "");
        if (r) [col, row] = [columnNumber(r[1]), Number(r[2])];
        else col++;
        return visit(prefix, `${columnLetters(col)}${row}`, attrs, body ?? "") ?? m;
      },
    );
  };
  const formulaOf = (body: string) => {
    const f = element(body, "f");
    return f && { type: attr(f.attrs, "t"), si: attr(f.attrs, "si"), text: xmlText(f.text ?? "").trim() };
  };

  // A shared formula's dependents hold only its group id: they call what their master calls.
  const shared = new Map<string, string[]>();
  cells((_prefix, _ref, _attrs, body) => {
    const f = formulaOf(body);
    if (f?.type === "shared" && f.si !== undefined && f.text && !shared.has(f.si))
      shared.set(f.si, outwardCalls(f.text, names));
    return undefined;
  });

  const cleaned = cells((prefix, ref, attrs, body) => {
    const f = formulaOf(body);
    if (!f) return undefined;
    const calls = f.text
      ? outwardCalls(f.text, names)
      : f.type === "shared" && f.si !== undefined
        ? (shared.get(f.si) ?? [])
        : [];
    if (!calls.length) return undefined;
    calls.forEach((c) => out.calls.add(c));
    const v = element(body, "v");
    const saved =
      new RegExp(`<${P}is\\b`).test(body) || (v !== undefined && (!!v.text || attr(attrs, "t") === "str"));
    if (!saved) {
      out.missing.push(ref);
      return undefined;
    }
    out.replaced.push(ref);
    // cm/vm tie the cell to the dynamic-array and rich-value metadata (an IMAGE's web picture) the formula made.
    const kept = attrs.replace(/\s(?:cm|vm)\s*=\s*(?:"[^"]*"|'[^']*')/g, "");
    return `<${prefix}c${kept}>${removeElements(body, "f", () => false)}</${prefix}c>`;
  });
  const start = data.index + data[0].indexOf(">") + 1;
  out.xml = xml.slice(0, start) + cleaned + xml.slice(start + inner.length);
  return out;
}

// ---- The package

export type OutwardCheck =
  /** Nothing calls out (or the bytes are not a package: Excel says so when it tries). */
  | { kind: "unchanged" }
  /** `notes`: what was replaced or removed, to tell the planner. */
  | { kind: "cleaned"; bytes: Uint8Array; notes: string[] }
  | { kind: "refused"; message: string };

/** A part name as the zip holds it, from a relationship target relative to the folder `dir`. */
function resolve(dir: string, target: string): string {
  const out: string[] = [];
  for (const p of (target.startsWith("/") ? target : `${dir}/${target}`).split("/")) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

/** The zip entry for a part name, found without case (OPC part names are case-insensitive). */
function entry(files: Unzipped, part: string): string | undefined {
  if (files[part]) return part;
  const lower = part.toLowerCase();
  return Object.keys(files).find((k) => k.toLowerCase() === lower);
}

function text(files: Unzipped, part: string): string {
  const key = entry(files, part);
  return key ? strFromU8(files[key]) : "";
}

const folderOf = (part: string) => part.slice(0, part.lastIndexOf("/") + 1);
const relsPartOf = (part: string) => `${folderOf(part)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`;

interface Rel {
  id: string;
  type: string;
  /** The zip entry it points at; undefined for an external target or a missing part. */
  entry: string | undefined;
}

function rel(files: Unzipped, from: string, attrs: string): Rel {
  const target = attr(attrs, "Target") ?? "";
  return {
    id: attr(attrs, "Id") ?? "",
    type: attr(attrs, "Type") ?? "",
    entry:
      attr(attrs, "TargetMode") === "External" ? undefined : entry(files, resolve(folderOf(from), target)),
  };
}

function relsOf(files: Unzipped, from: string): Rel[] {
  return [...text(files, relsPartOf(from)).matchAll(new RegExp(`<${P}Relationship\\b([^>]*?)/?>`, "g"))].map(
    (m) => rel(files, from, m[1]),
  );
}

/**
 * The workbook's defined names that call out, directly or through another name: `calls` by upper-case
 * name (a name is matched whatever its scope), `spelled` as the file writes them.
 */
function outwardNames(workbook: string): { calls: Map<string, string[]>; spelled: string[] } {
  const defined = [
    ...workbook.matchAll(new RegExp(`<(${P})definedName\\b([^>]*?)>([\\s\\S]*?)</\\1definedName>`, "g")),
  ].map((m) => ({ name: attr(m[2], "name") ?? "", formula: xmlText(m[3]) }));
  const calls = new Map<string, string[]>();
  for (let changed = true; changed;) {
    changed = false;
    for (const d of defined) {
      const key = d.name.toUpperCase();
      const had = calls.get(key) ?? [];
      const all = [...new Set([...had, ...outwardCalls(d.formula, calls)])];
      if (all.length > had.length) {
        calls.set(key, all);
        changed = true;
      }
    }
  }
  const spelled = [...new Set(defined.filter((d) => calls.has(d.name.toUpperCase())).map((d) => d.name))];
  return { calls, spelled };
}

/** A sheet name as a formula writes it: quoted unless plain. */
function sheetRef(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name)
    ? name
    : `'${name.replace(/'/g, "''")}'`;
}

/** "a", "a and b", "a, b and c". */
function listing(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Cells listed by name in a refusal; the rest are counted. */
const MAX_LISTED = 20;

interface Scanned extends SheetScan {
  part: string;
  sheet: string;
}

function refusalOf(scans: readonly Scanned[]): string | undefined {
  const reasons: string[] = [];
  const missing = scans.filter((s) => s.missing.length);
  if (missing.length) {
    let room = MAX_LISTED;
    const groups = missing.flatMap((s) => {
      const shown = s.missing.slice(0, room);
      room -= shown.length;
      return shown.length ? [`${sheetRef(s.sheet)}!${shown.join(", ")}`] : [];
    });
    const total = missing.reduce((n, s) => n + s.missing.length, 0);
    const more = total - MAX_LISTED;
    const calls = new Set(missing.flatMap((s) => [...s.calls]));
    reasons.push(
      `${listing(more > 0 ? [...groups, `${more} more`] : groups)} ${plural(total, "calls", "call")} out of the workbook (${[...calls].join(", ")}) and ${plural(total, "has", "have")} no saved value`,
    );
  }
  const rules = scans.filter((s) => s.ruleCalls.size);
  if (rules.length)
    reasons.push(
      `a conditional format or data validation rule on ${listing(rules.map((s) => s.sheet))} calls out of the workbook (${[...new Set(rules.flatMap((s) => [...s.ruleCalls]))].join(", ")})`,
    );
  const linked = scans.filter((s) => s.linkedObject);
  if (linked.length)
    reasons.push(
      `${listing(linked.map((s) => s.sheet))} ${plural(linked.length, "has", "have")} a linked (OLE) object`,
    );
  return reasons.length ? `${reasons.join("; ")}: the file was not inserted.` : undefined;
}

/** What an external link part points at. */
type LinkKind = "workbook" | "DDE" | "OLE";

function notesOf(
  replaced: readonly Scanned[],
  names: readonly string[],
  links: readonly LinkKind[],
): string[] {
  const notes: string[] = [];
  if (replaced.length) {
    const total = replaced.reduce((n, s) => n + s.replaced.length, 0);
    const where = replaced.map(
      (s, i) => `${s.replaced.length}${i ? "" : ` ${plural(total, "cell", "cells")}`} on ${s.sheet}`,
    );
    const calls = [...new Set(replaced.flatMap((s) => [...s.calls]))];
    notes.push(
      `${listing(where)} that called out of the workbook (${calls.join(", ")}) now ${plural(total, "holds its saved value", "hold their saved values")}.`,
    );
  }
  if (names.length)
    notes.push(
      `The ${plural(names.length, "name", "names")} ${listing(names)}, which called out of the workbook, ${plural(names.length, "was", "were")} removed.`,
    );
  const phrases = (["workbook", "DDE", "OLE"] as const).flatMap((kind) => {
    const n = links.filter((l) => l === kind).length;
    if (!n) return [];
    return [
      kind === "workbook"
        ? `${n} ${plural(n, "link to another workbook", "links to other workbooks")}`
        : `${n} ${kind} ${plural(n, "link", "links")}`,
    ];
  });
  if (phrases.length) notes.push(`${listing(phrases)} ${plural(links.length, "was", "were")} removed.`);
  return notes;
}

/** The workbook part: where the package's officeDocument relationship points, else xl/workbook.xml. */
function workbookPartOf(files: Unzipped): string | undefined {
  const start = relsOf(files, "").find((r) => r.type.endsWith("/officeDocument"))?.entry;
  return start ?? entry(files, "xl/workbook.xml");
}

/** The worksheets, zip entry → sheet name: those the workbook lists, then any other worksheet part. */
function sheetsOf(files: Unzipped, workbook: string, rels: readonly Rel[]): Map<string, string> {
  const sheets = new Map<string, string>();
  for (const m of workbook.matchAll(new RegExp(`<${P}sheet\\b([^>]*?)/?>`, "g"))) {
    const id = /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(m[1])?.[1];
    const part = rels.find((r) => r.id === id)?.entry;
    if (part) sheets.set(part, attr(m[1], "name") ?? part);
  }
  for (const k of Object.keys(files))
    if (/(^|\/)worksheets\/[^/]+\.xml$/i.test(k) && !sheets.has(k))
      sheets.set(k, k.replace(/^.*\/|\.xml$/gi, ""));
  return sheets;
}

function linkKindOf(xml: string): LinkKind {
  return new RegExp(`<${P}ddeLink\\b`).test(xml)
    ? "DDE"
    : new RegExp(`<${P}oleLink\\b`).test(xml)
      ? "OLE"
      : "workbook";
}

/** The workbook's XML without its outward names, a definedNames left empty, or its externalReferences. */
function withoutOutwardNames(workbook: string, names: OutwardNames): string {
  let wb = removeElements(workbook, "definedName", (a) => !names.has((attr(a, "name") ?? "").toUpperCase()));
  wb = removeElements(wb, "definedNames", (_a, t) => new RegExp(`<${P}definedName\\b`).test(t));
  return removeElements(wb, "externalReferences", () => false);
}

/**
 * Deletes the `removed` parts and what points at them: the workbook's relationships to them (and to
 * every external link) and their content-type overrides.
 */
function dropParts(files: Unzipped, workbookPart: string, removed: ReadonlySet<string>): void {
  const relsPart = entry(files, relsPartOf(workbookPart));
  if (relsPart)
    files[relsPart] = strToU8(
      removeElements(text(files, relsPart), "Relationship", (a) => {
        const r = rel(files, workbookPart, a);
        return !r.type.endsWith("/externalLink") && !(r.entry && removed.has(r.entry));
      }),
    );
  const types = entry(files, "[Content_Types].xml");
  if (types)
    files[types] = strToU8(
      removeElements(text(files, types), "Override", (a) => {
        const part = entry(files, resolve("", attr(a, "PartName") ?? ""));
        return !(part && removed.has(part));
      }),
    );
  for (const k of removed) delete files[k];
}

/**
 * Checks an xlsx package: every worksheet formula (shared and array formulas included), defined
 * name, conditional-format and data-validation formula, and the external link parts (other
 * workbooks, DDE, OLE). Outward cells keep their saved values; outward names and every external
 * link part go; a cell with no saved value, or an outward rule, refuses the whole file.
 */
export function checkOutward(bytes: Uint8Array): OutwardCheck {
  let files: Unzipped;
  try {
    files = unzipSync(bytes);
  } catch {
    return { kind: "unchanged" };
  }
  const workbookPart = workbookPartOf(files);
  if (!workbookPart) return { kind: "unchanged" };
  const workbook = strFromU8(files[workbookPart]);
  const rels = relsOf(files, workbookPart);
  const { calls: names, spelled } = outwardNames(workbook);

  const scans: Scanned[] = [...sheetsOf(files, workbook, rels)].map(([part, sheet]) => ({
    part,
    sheet,
    ...scanSheet(strFromU8(files[part]), names),
  }));

  const refusal = refusalOf(scans);
  if (refusal) return { kind: "refused", message: refusal };

  const folder = folderOf(workbookPart).toLowerCase();
  const links = Object.keys(files).filter((k) => k.toLowerCase().startsWith(`${folder}externallinks/`));
  const replaced = scans.filter((s) => s.replaced.length);
  if (!replaced.length && !names.size && !links.length) return { kind: "unchanged" };

  const linkKinds = links.filter((k) => !/\/_rels\//.test(k)).map((k) => linkKindOf(strFromU8(files[k])));
  const removed = new Set(links);
  // The calculation chain lists formula cells: left stale, Excel would repair the file; it rebuilds one.
  if (replaced.length)
    for (const r of rels) if (r.type.endsWith("/calcChain") && r.entry) removed.add(r.entry);
  for (const s of replaced) files[s.part] = strToU8(s.xml);
  files[workbookPart] = strToU8(withoutOutwardNames(workbook, names));
  dropParts(files, workbookPart, removed);
  return { kind: "cleaned", bytes: zipSync(files), notes: notesOf(replaced, spelled, linkKinds) };
}
