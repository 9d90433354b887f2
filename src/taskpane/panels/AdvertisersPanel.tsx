/**
 * Advertisers panel: create (or find) an advertiser by name or by directory id, never
 * both, and insert the answer's advertiserName and lookupName at the selected cell.
 */
import { useState } from "react";
import { Button, Field, Input, Radio, RadioGroup, makeStyles, tokens } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import { PaneMessage } from "../components/PaneMessage";
import { useServices, NOT_CONNECTED, useClearNotConnected } from "../services";
import { writeTextAtSelection } from "../../excel/campaignPlanSelection";
import { describeServiceError } from "../../writebacks/serviceErrors";
import { useKept } from "../paneMemory";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  result: { display: "grid", gridTemplateColumns: "auto 1fr", columnGap: tokens.spacingHorizontalM },
});

type By = "name" | "itunesId";
interface Advertiser {
  advertiserName: string;
  lookupName: string;
}

/** Whether the advertiser is created by its name or by a show's directory id, and the one field for it. */
function AdvertiserIdentityFields(props: {
  by: By;
  value: string;
  onBy(by: By): void;
  onValue(value: string): void;
}) {
  const { by, value, onBy, onValue } = props;
  return (
    <>
      <Field label="Create advertiser by">
        <RadioGroup layout="horizontal" value={by} onChange={(_, d) => onBy(d.value as By)}>
          <Radio value="name" label="Name" />
          <Radio value="itunesId" label="Directory id" />
        </RadioGroup>
      </Field>
      <Field label={by === "name" ? "Advertiser name" : "Directory id of the show"} required>
        <Input value={value} onChange={(_, d) => onValue(d.value)} />
      </Field>
    </>
  );
}

/** The service's answer, and the button that inserts it at the selected cell. */
function AdvertiserResult({
  result,
  busy,
  onInsert,
}: {
  result: Advertiser;
  busy: boolean;
  onInsert(): void;
}) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.result} data-testid="advertiser-result">
        <Text weight="semibold">Advertiser name</Text>
        <Text>{result.advertiserName}</Text>
        <Text weight="semibold">Lookup name</Text>
        <Text>{result.lookupName}</Text>
      </div>
      <Button onClick={onInsert} disabledFocusable={busy}>
        Insert at selected cell
      </Button>
    </>
  );
}

export function AdvertisersPanel(): JSX.Element {
  const styles = useStyles();
  const { client, excel } = useServices();
  const [by, setBy] = useKept<By>("campaigns.advertiserBy", "name");
  const [value, setValue] = useKept("campaigns.advertiser", "");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Advertiser | null>(null);
  const [message, setMessage] = useState<{ intent: "error" | "success"; text: string } | null>(null);
  useClearNotConnected(client, message, () => setMessage(null));

  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (e) {
      setMessage({ intent: "error", text: describeServiceError(e) });
    } finally {
      setBusy(false);
    }
  }

  const create = (): Promise<void> =>
    run(async () => {
      if (!client) throw new Error(NOT_CONNECTED);
      const text = value.trim();
      if (!text)
        throw new Error(
          by === "name"
            ? "Advertiser name: enter a name."
            : "Directory id of the show: enter a directory id.",
        );
      setResult(null);
      setResult(
        await client.advertisers.create(by === "name" ? { advertiserName: text } : { itunesId: text }),
      );
    });

  const insert = (): Promise<void> =>
    run(async () => {
      if (!result) return;
      const address = await writeTextAtSelection(excel, [result.advertiserName, result.lookupName]);
      setMessage({ intent: "success", text: `Inserted at ${address}.` });
    });

  return (
    <form
      className={`panel ${styles.root}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void create();
      }}
    >
      <h3>Advertisers</h3>
      <AdvertiserIdentityFields
        by={by}
        value={value}
        onBy={(next) => {
          // A name is not a directory id: switching starts from an empty field.
          setBy(next);
          setValue("");
        }}
        onValue={setValue}
      />
      <Button appearance="primary" type="submit" disabledFocusable={busy}>
        Create advertiser
      </Button>
      {result && <AdvertiserResult result={result} busy={busy} onInsert={insert} />}
      {message && <PaneMessage intent={message.intent}>{message.text}</PaneMessage>}
    </form>
  );
}
