/** Connect: API key (masked, kept in runtime memory only), base URL, a check with the service's own message, sign out. */
import { useEffect, useRef, useState } from "react";
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Text } from "@fluentui/react-components";
import { AdsClient } from "../../api/client";
import { AuthenticationError, ConnectionError, RateLimitError, TimeoutError } from "../../api/errors";
import {
  countRequest,
  getConnection,
  requestsThisMonth,
  setConnection,
  subscribe,
} from "../../runtime/session";
import { SelfTest } from "../components/SelfTest";

/** Why connecting failed, in a planner's words, with the service's own message kept. */
function connectFailure(err: unknown, baseUrl: string): string {
  const said = err instanceof Error ? err.message : String(err);
  if (err instanceof AuthenticationError) return `The service did not accept this API key: ${said}`;
  if (err instanceof RateLimitError) return `This key has no requests left this month: ${said}`;
  if (err instanceof ConnectionError || err instanceof TimeoutError)
    return `Could not reach the service at ${baseUrl} (${said}). Check the address and your connection.`;
  return said;
}

export interface ConnectPanelProps {
  defaultBaseUrl: string;
}

export function ConnectPanel({ defaultBaseUrl }: ConnectPanelProps) {
  const current = getConnection();
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? defaultBaseUrl);
  const [busy, setBusy] = useState(false);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [remember, setRemember] = useState(false);
  const [message, setMessage] = useState<{ intent: "success" | "error"; text: string } | null>(null);
  const [count, setCount] = useState(requestsThisMonth());
  useEffect(() => subscribe(() => setCount(requestsThisMonth())), []);
  // Keyboard users keep their place: the form they used is replaced, so focus moves to what
  // replaced it (Sign out after connecting, the key field after signing out).
  const signOutRef = useRef<HTMLButtonElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    (current ? signOutRef.current : keyRef.current)?.focus();
    setMoveFocus(false);
  }, [moveFocus, current]);

  async function connect() {
    setMessage(null);
    const key = apiKey.trim();
    setKeyError(key ? undefined : "Enter the API key the service operator gave you");
    if (!key) return;
    setBusy(true);
    try {
      const client = new AdsClient({ baseUrl, apiKey: key, maxRetries: 0, onRequest: () => countRequest() });
      // One cheap keyed request proves the key (it counts against the monthly allowance).
      await client.search.episodes({ search: "connection check", timeFrame: 1 });
      setConnection({ apiKey: key, baseUrl: client.baseUrl }, { remember });
      setApiKey("");
      setMessage({ intent: "success", text: `Connected to ${client.baseUrl}` });
      setMoveFocus(true);
    } catch (err) {
      setMessage({ intent: "error", text: connectFailure(err, baseUrl) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Connection" className="panel">
      {current ? (
        <>
          <Text>
            Connected to <strong>{current.baseUrl}</strong>
          </Text>
          <Button
            ref={signOutRef}
            onClick={() => {
              setConnection(null);
              setMessage(null);
              setMoveFocus(true);
            }}
          >
            Sign out
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void connect();
          }}
        >
          <Field
            label="API key"
            hint="Kept in memory for this session (or on this computer if you tick Remember), never in the workbook."
            required
            validationMessage={keyError}
            validationState={keyError ? "error" : "none"}
          >
            <Input
              type="password"
              value={apiKey}
              onChange={(_, d) => setApiKey(d.value)}
              autoComplete="off"
              name="apiKey"
              ref={keyRef}
            />
          </Field>
          <Checkbox
            label="Remember on this computer (needed to refresh sheets when a workbook opens)"
            checked={remember}
            onChange={(_, d) => setRemember(Boolean(d.checked))}
          />
          <Field label="Service address">
            <Input value={baseUrl} onChange={(_, d) => setBaseUrl(d.value)} name="baseUrl" />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? "Checking…" : "Connect"}
          </Button>
        </form>
      )}
      {message && (
        <MessageBar intent={message.intent} role="status">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <Text size={200} aria-live="polite">
        Requests this month (this add-in): <span data-testid="request-count">{count}</span>
      </Text>
      <section aria-label="About" className="about">
        <SelfTest />
      </section>
    </section>
  );
}
