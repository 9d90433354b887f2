/**
 * Seed shows from a report sheet (issue #48): the report sheets with a column of show ids (a report's
 * Show ID, a Prospects sheet's Service show id) are listed when asked; the one picked is read once and
 * its show ids fill the Seed shows field
 * (prospectsFormState.ts `seedsFromSheet`). Read once, not at each refresh: the sheet's request
 * remembers the ids (a Prospects sheet refreshed next week looks at the same seeds); to follow a
 * column, select its cells and take Seed shows from cells instead.
 */
import { useState } from "react";
import { Button, Field, Select } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { useServices } from "../../services";
import { showIdSheets, showIdsOf, type ShowIdSheet } from "../../../excel/showIdSheets";
import type { TakenCell } from "../reports/CellParams";
import { seedsFromSheet, type ProspectValues } from "./prospectsFormState";
import { useKept } from "../../paneMemory";

type Current = { values: ProspectValues; cells: Record<string, TakenCell> };

export function SeedsFromSheet({
  current,
  onSeeds,
}: {
  current: Current;
  onSeeds(pick: ReturnType<typeof seedsFromSheet>): void;
}) {
  const services = useServices();
  const [sheets, setSheets] = useState<ShowIdSheet[] | null>(null);
  const [chosen, setChosen] = useKept("data.prospects.seedSheet", "");
  const [error, setError] = useState<string | null>(null);
  const said = (e: unknown) => setError(e instanceof Error ? e.message : String(e));

  async function list() {
    setError(null);
    try {
      const found = await showIdSheets(services.excel);
      setSheets(found);
      setChosen(found[0]?.sheetName ?? "");
    } catch (e) {
      said(e);
    }
  }

  async function take() {
    setError(null);
    try {
      const { column, ids } = await showIdsOf(services.excel, chosen);
      onSeeds(seedsFromSheet(current.values, current.cells, { sheetName: chosen, column }, ids));
    } catch (e) {
      said(e);
    }
  }

  return (
    <fieldset className="seeds-from-sheet">
      <legend>Seed shows from a report sheet</legend>
      {sheets === null ? (
        <Button size="small" onClick={() => void list()}>
          Find report sheets with show ids
        </Button>
      ) : sheets.length === 0 ? (
        <Text block size={200}>
          No report sheet in this workbook has a Show ID or Service show id column.
        </Text>
      ) : (
        <div className="take-from-cell">
          <Field
            label="Report sheet"
            hint={`Its ${sheets.find((s) => s.sheetName === chosen)?.column ?? "show id"} column is read once, now, into Seed shows`}
          >
            <Select name="seedSheet" value={chosen} onChange={(_, d) => setChosen(d.value)}>
              {sheets.map((s) => (
                <option key={s.sheetName} value={s.sheetName}>
                  {`${s.sheetName} (${s.rows.toLocaleString("en-US")} rows)`}
                </option>
              ))}
            </Select>
          </Field>
          <Button size="small" onClick={() => void take()}>
            Take its show ids
          </Button>
        </div>
      )}
      {error && (
        <Text block size={200} className="error">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
