/**
 * The Sheets tab's report sets (issue #36): each set with its range of values and whether it is stale
 * (values added to or gone from the range since its last run), its Run for each or Refresh set (which
 * asks first with the spend: reportSetActions.ts), and a form making a set of report sheets.
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { useKept } from "../../paneMemory";
import { Button, Checkbox, Field, Input, Radio, RadioGroup } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { PaneMessage } from "../../components/PaneMessage";
import { selectedCells } from "../../../excel/boundCells";
import {
  makeReportSetFromSheets,
  previewReportSets,
  setCandidates,
  type ListedSet,
} from "../../../excel/reportSets";
import type { SetClient } from "../../../reports/reportSet";
import { runSetFromPane } from "../../reportSetActions";
import type { Services } from "../../services";

type Message = { intent: "success" | "error" | "warning"; text: string } | null;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A set as listed, with what its range gives now: stale or not, or why it cannot be read. */
interface SetRow {
  listed: ListedSet;
  state?: string;
}

/** Every set with what its range gives now, from one batched read of the workbook (the store's). */
async function readRows(services: Services): Promise<SetRow[]> {
  return (await previewReportSets(services.excel)).map(({ listed, preview, error }): SetRow => {
    if (listed.state === "newer")
      return {
        listed,
        state: `Stored by a newer version of the add-in (format ${listed.version}): update it to run this set.`,
      };
    if (!preview) return { listed, state: error };
    const { values, changes, plan } = preview;
    const stale = [
      changes.added.length && listed.set.members.length ? `new in the list: ${changes.added.join(", ")}` : "",
      changes.removed.length
        ? `no longer in the list (their sheets stay): ${changes.removed.join(", ")}`
        : "",
      ...plan.refresh.map((r) => `${r.sheetName}: ${r.reason ?? "to refresh"}`),
    ].filter(Boolean);
    const head = `${values.length} ${values.length === 1 ? "value" : "values"} in ${listed.set.values.address}`;
    if (!listed.set.members.length) return { listed, state: `${head}; not run yet.` };
    // Values a run already said had left the range: not stale, but their sheets are still the set's.
    const left = listed.set.members.filter((m) => m.left && !values.includes(m.value)).map((m) => m.value);
    const gone = left.length ? ` No longer run (their sheets stay): ${left.join(", ")}.` : "";
    return {
      listed,
      state: stale.length ? `${head}. Stale: ${stale.join("; ")}.${gone}` : `${head}; up to date.${gone}`,
    };
  });
}

/** The report sheets that can join the set, ticked to join it. */
function ReportPicks({
  client,
  candidates,
  picked,
  setPicked,
}: {
  client: SetClient;
  candidates: readonly string[];
  picked: ReadonlySet<string>;
  setPicked: Dispatch<SetStateAction<ReadonlySet<string>>>;
}) {
  return (
    <>
      {candidates.length === 0 ? (
        <Text block size={200}>
          No report sheet here can be asked for {client === "advertiser" ? "an advertiser" : "a show"}: run
          one first.
        </Text>
      ) : (
        candidates.map((c) => (
          <Checkbox
            key={c}
            label={c}
            checked={picked.has(c)}
            onChange={(_, d) =>
              setPicked((old) => {
                const next = new Set(old);
                if (d.checked) next.add(c);
                else next.delete(c);
                return next;
              })
            }
          />
        ))
      )}
    </>
  );
}

/** The range of values: typed, or the selected cells taken. */
function ValuesField({
  services,
  values,
  setValues,
  onError,
}: {
  services: Services;
  values: string;
  setValues: (v: string) => void;
  onError: (text: string) => void;
}) {
  return (
    <>
      <Field
        label="Values from cells"
        hint="A range such as Inputs!A2:A6, or select it and choose Use selected cells."
      >
        <Input value={values} onChange={(_, d) => setValues(d.value)} />
      </Field>
      <div className="toolbar">
        <Button
          onClick={() =>
            void selectedCells(services.excel)
              .then((c) => setValues(c.address))
              .catch((e: unknown) => onError(errorText(e)))
          }
        >
          Use selected cells
        </Button>
      </div>
    </>
  );
}

/** The report sheets that can join a set of `client`, read again when the listed sheets change. */
function useCandidates(services: Services, client: SetClient, listed: string): string[] {
  const [candidates, setCandidatesNow] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    setCandidates(services.excel, client)
      .then((c) => live && setCandidatesNow(c))
      .catch(() => live && setCandidatesNow([]));
    return () => {
      live = false;
    };
  }, [services.excel, client, listed]);
  return candidates;
}

function NewSetForm({
  services,
  listed,
  onMade,
}: {
  services: Services;
  /** The report sheets listed in the tab: when they change, the candidates are read again. */
  listed: string;
  onMade: (text: string) => void;
}) {
  // What was typed stays until the pane closes, across tabs (paneMemory.tsx).
  const [name, setName] = useKept("sets.name", "");
  const [client, setClient] = useKept<SetClient>("sets.client", "advertiser");
  const [values, setValues] = useKept("sets.values", "");
  const candidates = useCandidates(services, client, listed);
  const [picked, setPicked] = useKept<ReadonlySet<string>>("sets.picked", () => new Set());
  const [dashboard, setDashboard] = useKept("sets.dashboard", true);
  const [message, setMessage] = useState<Message>(null);
  const chosen = candidates.filter((c) => picked.has(c));

  async function save() {
    setMessage(null);
    try {
      const set = await makeReportSetFromSheets(services.excel, {
        name,
        client,
        values,
        sheets: chosen,
        dashboard,
      });
      setName("");
      setValues("");
      setPicked(new Set());
      onMade(
        `Saved the set "${set.name}" over ${set.values.address}: choose Run for each to make its sheets.`,
      );
    } catch (e) {
      setMessage({ intent: "error", text: errorText(e) });
    }
  }

  return (
    <fieldset data-testid="new-report-set">
      <legend>New report set</legend>
      <Field label="Name" required>
        <Input value={name} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field label="Each value is">
        <RadioGroup layout="horizontal" value={client} onChange={(_, d) => setClient(d.value as SetClient)}>
          <Radio value="advertiser" label="An advertiser" />
          <Radio value="show" label="A show" />
        </RadioGroup>
      </Field>
      <ValuesField
        services={services}
        values={values}
        setValues={setValues}
        onError={(text) => setMessage({ intent: "error", text })}
      />
      <ReportPicks client={client} candidates={candidates} picked={picked} setPicked={setPicked} />
      <Checkbox
        label="A Dashboard for each value"
        checked={dashboard}
        onChange={(_, d) => setDashboard(Boolean(d.checked))}
      />
      <div className="toolbar">
        <Button
          onClick={() => void save()}
          disabledFocusable={!name.trim() || !values.trim() || chosen.length === 0}
        >
          Save set
        </Button>
      </div>
      {message && <PaneMessage intent={message.intent}>{message.text}</PaneMessage>}
    </fieldset>
  );
}

/** One set: its state, and Run for each (the first time) or Refresh set and Refresh all of the set. */
function SetItem({
  row: { listed: l, state },
  connected,
  busy,
  run,
}: {
  row: SetRow;
  connected: boolean;
  busy: string | null;
  run: (id: string, all: boolean) => void;
}) {
  const id = l.state === "current" ? l.set.id : l.id;
  const name = l.state === "current" ? l.set.name : l.name;
  const first = l.state === "current" && l.set.members.length === 0;
  return (
    <li>
      <Text weight="semibold">{name}</Text>
      {state && (
        <Text block size={200}>
          {state}
        </Text>
      )}
      {l.state === "current" && (
        <Button
          aria-label={`${first ? "Run for each" : "Refresh set"}: ${name}`}
          onClick={() => run(id, false)}
          disabled={!connected}
          disabledFocusable={busy !== null}
        >
          {busy === id ? "Running…" : first ? "Run for each" : "Refresh set"}
        </Button>
      )}
      {l.state === "current" && !first && (
        <Button
          appearance="subtle"
          aria-label={`Refresh all of the set: ${name}`}
          onClick={() => run(id, true)}
          disabled={!connected}
          disabledFocusable={busy !== null}
        >
          Refresh all of the set
        </Button>
      )}
    </li>
  );
}

/**
 * `sheets` is the Sheets tab's list as last read: a new list (each time the tab reads the workbook)
 * reads the sets again, so a changed client cell shows as stale when the report list does.
 */
interface ReportSetsProps {
  services: Services;
  sheets: readonly { sheetName: string }[];
}

export function ReportSets({ services, sheets }: ReportSetsProps) {
  const [rows, setRows] = useState<SetRow[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const listed = sheets.map((s) => s.sheetName).join("\n");
  const reload = useCallback(() => {
    readRows(services)
      .then(setRows)
      .catch(() => setRows([]));
  }, [services]);
  useEffect(reload, [reload, sheets]);

  async function run(id: string, all = false) {
    setBusy(id);
    setMessage(null);
    try {
      const text = await runSetFromPane(services, id, { all });
      setMessage({ intent: /failed|Not sent/.test(text) ? "warning" : "success", text });
    } catch (e) {
      setMessage({ intent: "error", text: errorText(e) });
    } finally {
      setBusy(null);
      reload();
    }
  }

  return (
    <section aria-labelledby="report-sets-heading" className="panel" data-testid="report-sets">
      <h3 id="report-sets-heading">Report sets</h3>
      <Text block size={200}>
        The same reports for each advertiser or show of a range of cells: a sheet per report and value, and a
        Dashboard per value. You see what a run spends before anything is sent.
      </Text>
      {rows.length > 0 && (
        <ul className="sheets">
          {rows.map((row) => (
            <SetItem
              key={row.listed.state === "current" ? row.listed.set.id : row.listed.id}
              row={row}
              connected={Boolean(services.client)}
              busy={busy}
              run={(id, all) => void run(id, all)}
            />
          ))}
        </ul>
      )}
      {message && (
        <PaneMessage intent={message.intent} data-testid="report-set-message">
          {message.text}
        </PaneMessage>
      )}
      <NewSetForm
        services={services}
        listed={listed}
        onMade={(text) => {
          setMessage({ intent: "success", text });
          reload();
        }}
      />
    </section>
  );
}
