/**
 * "Take from cell" (issue #36): any of the report's parameters can come from the selected cell or
 * range instead of being typed. The form shows each one's address and what it gives now; the report
 * reads the cells again at every refresh (a defined name keeps the binding on its cells).
 */
import { useState } from "react";
import { Button, Field, Select } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { useServices } from "../../services";
import { takeSelection } from "../../../excel/reportBindings";
import type { SheetSourceKind } from "../../../reports/definition";
import { useKept } from "../../paneMemory";

/** A parameter taken from a cell in a form: where, and what it gave (or what is wrong with it). */
export interface TakenCell {
  address: string;
  shown: string;
  problem?: string;
}

export interface CellParamsProps {
  /** The request's kind (how each parameter reads its cells: boundParams.ts). */
  kind: SheetSourceKind;
  /** The parameters that may be taken from cells, in the form's order. */
  params: readonly string[];
  labels: Readonly<Record<string, string>>;
  cells: Readonly<Record<string, TakenCell>>;
  /** Takes `param` from a cell (or types it again, with null). */
  setCell(param: string, taken: TakenCell | null): void;
}

/** "Parameters from cells": the Reports form's and the Prospects form's. */
export function CellParams({ kind, params, labels, cells, setCell }: CellParamsProps) {
  const services = useServices();
  const free = params.filter((p) => !(p in cells));
  const [param, setParam] = useKept(`cellParams.${kind}`, free[0] ?? "");
  const [error, setError] = useState<string | null>(null);
  const chosen = free.includes(param) ? param : (free[0] ?? "");

  async function take() {
    setError(null);
    try {
      setCell(chosen, await takeSelection(services.excel, kind, chosen));
    } catch (e) {
      setError(`Could not read the selection: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return (
    <fieldset className="cell-params">
      <legend>Parameters from cells</legend>
      <Text block size={200}>
        Select a cell or range in the workbook, then take a parameter from it. It is read again at every
        refresh, and overrides what is typed above.
      </Text>
      {Object.entries(cells).map(([p, c]) => (
        <div key={p} className="cell-param" data-param={p}>
          <Text block size={200}>
            <strong>{labels[p] ?? p}</strong> from {c.address}
            {c.shown ? `: ${c.shown}` : ""}
          </Text>
          {c.problem && (
            <Text block size={200} className="error">
              {c.problem}
            </Text>
          )}
          <Button size="small" aria-label={`Type ${labels[p] ?? p} instead`} onClick={() => setCell(p, null)}>
            Type it instead
          </Button>
        </div>
      ))}
      {free.length > 0 && (
        <div className="take-from-cell">
          <Field label="Parameter">
            <Select name="cellParam" value={chosen} onChange={(_, d) => setParam(d.value)}>
              {free.map((p) => (
                <option key={p} value={p}>
                  {labels[p] ?? p}
                </option>
              ))}
            </Select>
          </Field>
          <Button size="small" onClick={() => void take()}>
            Take from cell
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
