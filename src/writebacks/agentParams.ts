/**
 * Agent run parameters: name/value pairs typed in the pane or read from a two-column
 * range → the params map of POST /ai-chat/agents/{agentId}/runs (string → string).
 */
import type { CellValue } from "../api/table";

export interface ParamPair {
  name: string;
  value: string;
}

export type ParamsResult = { ok: true; params: Record<string, string> } | { ok: false; errors: string[] };

function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  return String(v);
}

/** Pairs → params; blank pairs are skipped, an empty or repeated name is an error naming the pair. */
export function paramsFromPairs(pairs: readonly ParamPair[]): ParamsResult {
  const params: Record<string, string> = {};
  const errors: string[] = [];
  pairs.forEach((p, i) => {
    const name = p.name.trim();
    if (name === "" && p.value.trim() === "") return;
    if (name === "") errors.push(`Parameter ${i + 1}: the name is empty (value "${p.value}")`);
    else if (Object.prototype.hasOwnProperty.call(params, name))
      errors.push(`Parameter ${i + 1}: "${name}" is given twice`);
    else params[name] = p.value;
  });
  return errors.length ? { ok: false, errors } : { ok: true, params };
}

/**
 * A selected range (rows of cells) → pairs. The range must be two columns wide; a first
 * row reading "name | value" (any case) is taken as a header and skipped.
 */
export function pairsFromRange(
  values: readonly (readonly CellValue[])[],
): { ok: true; pairs: ParamPair[] } | { ok: false; error: string } {
  if (values.length === 0) return { ok: false, error: "The selected range is empty" };
  const width = values[0].length;
  if (width !== 2)
    return {
      ok: false,
      error: `Select a two-column range (name, value); the selection has ${width} columns`,
    };
  const rows = values.map((r) => ({ name: cellText(r[0]).trim(), value: cellText(r[1]) }));
  const first = rows[0];
  const header = first.name.toLowerCase() === "name" && first.value.trim().toLowerCase() === "value";
  return { ok: true, pairs: header ? rows.slice(1) : rows };
}
