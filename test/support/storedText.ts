/**
 * Everything a workbook keeps as text (sheet names, the sheets' and the workbook's custom properties,
 * cell values and formulas), for "never stored" checks.
 */
import type { InMemoryWorkbook } from "../../preview/memory/workbook";

export function allStoredText(wb: InMemoryWorkbook): string {
  const parts: string[] = [...wb.model.customProperties.keys(), ...wb.model.customProperties.values()];
  for (const s of wb.model.sheets) {
    parts.push(s.name, ...s.properties.keys(), ...s.properties.values());
    for (const cols of s.rows.values())
      for (const c of cols.values()) parts.push(String(c.value), c.formula ?? "");
  }
  return parts.join("\n");
}
