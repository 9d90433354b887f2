/**
 * Connect: API key (masked, kept in runtime memory only), the configured service (or an admin-approved
 * override), a check with the service's own message, sign out, a "get a key" link and the About area.
 */
import { useEffect, useRef, useState } from "react";
import { Button, Checkbox, Field, Input, Link, Text } from "@fluentui/react-components";
import { AdsClient } from "../../api/client";
import {
  AuthenticationError,
  plannerMessage,
  ConnectionError,
  MaybeCountedError,
  RateLimitError,
  RequestValidationError,
  TimeoutError,
} from "../../api/errors";
import { clientLimits } from "../../runtime/networkLimits";
import {
  countRequest,
  getConnection,
  getNetworkLimits,
  requestsThisMonth,
  setConnection,
  subscribe,
} from "../../runtime/session";
import { spentAllowance } from "../../runtime/allowance";
import { NetworkLimitsForm } from "../components/NetworkLimitsForm";
import { PaneMessage } from "../components/PaneMessage";
import { SelfTest } from "../components/SelfTest";
import { supportLink, type Deployment } from "../deployment";
import { checkServiceOverride } from "../serviceAddress";

/** Why connecting failed, in a planner's words, with the service's own message kept. */
function connectFailure(failure: unknown, baseUrl: string): string {
  // The key check may have counted; what the planner needs is why it failed.
  const err = failure instanceof MaybeCountedError ? failure.cause : failure;
  const said = err instanceof Error ? err.message : String(err);
  if (err instanceof AuthenticationError)
    return err.reason === "invalid_token"
      ? "The service did not accept this API key: it does not know it. Check the key, or ask whoever manages your account for one."
      : `The service did not accept this API key. ${plannerMessage(err)}`;
  if (err instanceof RateLimitError) return `This key has no requests left this month: ${said}`;
  if (err instanceof ConnectionError || err instanceof TimeoutError)
    // The client's own "Could not reach the service (…)" is said once, with the address.
    return `Could not reach the service at ${baseUrl} (${said.replace(/^Could not reach the service \((.*)\)$/s, "$1")}). Check the address and your connection.`;
  return said;
}

export interface ConnectPanelProps {
  deployment: Deployment;
}

export function ConnectPanel({ deployment }: ConnectPanelProps) {
  const current = getConnection();
  const configured = deployment.serviceUrl;
  const [apiKey, setApiKey] = useState("");
  // A remembered connection to another address reopens with that override.
  const [override, setOverride] = useState(Boolean(current && current.baseUrl !== configured));
  const [overrideUrl, setOverrideUrl] = useState(
    current && current.baseUrl !== configured ? current.baseUrl : "",
  );
  const [busy, setBusy] = useState(false);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [overrideError, setOverrideError] = useState<string | undefined>();
  const [remember, setRemember] = useState(false);
  // Only failures: once connected, the "Connected to …" bar says so (once).
  const [message, setMessage] = useState<string | null>(null);
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
    const checked = override
      ? checkServiceOverride(overrideUrl, deployment)
      : { ok: true as const, url: configured };
    setOverrideError(checked.ok ? undefined : checked.error);
    if (!key || !checked.ok) return;
    const baseUrl = checked.url;
    setBusy(true);
    try {
      // One cheap keyed request proves the key. It is counted by its outcome, not when sent: a key
      // the service refuses spent none of the allowance (runtime/allowance.ts).
      const client = new AdsClient({
        baseUrl,
        apiKey: key,
        maxRetries: 0,
        ...clientLimits(getNetworkLimits()),
      });
      await client.search.episodes({ search: "connection check", timeFrame: 1 });
      countRequest();
      setConnection({ apiKey: key, baseUrl: client.baseUrl }, { remember });
      setApiKey("");
      setMoveFocus(true);
    } catch (err) {
      if (spentAllowance(err)) countRequest();
      // The client refuses an address it may not send the key to (plain http off this computer).
      if (err instanceof RequestValidationError && err.field === "baseUrl")
        setOverrideError(`Service address: ${err.message}`);
      else setMessage(connectFailure(err, baseUrl));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Connection" className="panel">
      {current ? (
        <>
          <PaneMessage intent="success" role="status">
            Connected to <strong>{current.baseUrl}</strong>
          </PaneMessage>
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
            // A busy Connect stays focusable (disabledFocusable), so a second Enter must not send again.
            if (!busy) void connect();
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
          <Text id="configured-service" data-testid="configured-service">
            Service: <strong>{configured}</strong>
            {deployment.local ? " (local build)" : " (set by your administrator)"}
          </Text>
          <Checkbox
            label="Use another service address"
            checked={override}
            onChange={(_, d) => {
              setOverride(Boolean(d.checked));
              setOverrideError(undefined);
            }}
          />
          {override && (
            <Field
              label="Service address"
              required
              hint={
                deployment.approvedServiceUrls.length
                  ? `Approved by your administrator: ${deployment.approvedServiceUrls.join(", ")}`
                  : "Only an address your administrator gave you: your API key is sent to it."
              }
              validationMessage={overrideError}
              validationState={overrideError ? "error" : "none"}
            >
              <Input
                value={overrideUrl}
                onChange={(_, d) => setOverrideUrl(d.value)}
                name="baseUrl"
                type="url"
                placeholder="https://"
              />
            </Field>
          )}
          <Button appearance="primary" type="submit" disabledFocusable={busy}>
            {busy ? "Checking…" : "Connect"}
          </Button>
          <Text size={200} data-testid="get-key">
            No key yet?{" "}
            {deployment.getKeyUrl ? (
              <Link href={deployment.getKeyUrl} target="_blank" rel="noopener noreferrer">
                Get an API key
              </Link>
            ) : (
              "Ask whoever manages your account with the service for an API key."
            )}
          </Text>
        </form>
      )}
      {message && (
        <PaneMessage intent="error" role="status">
          {message}
        </PaneMessage>
      )}
      <Text size={200} aria-live="polite">
        Requests this month (this add-in): <span data-testid="request-count">{count}</span>
      </Text>
      <Text size={200}>
        Each request sent with your key counts against the monthly allowance; a key check the service refuses
        (a key it does not know, access off, the limit already reached) does not.
      </Text>
      <NetworkLimitsForm />
      <About deployment={deployment} />
    </section>
  );
}

/** Version, whether this is a local build, and where to get help. */
function About({ deployment }: { deployment: Deployment }) {
  const contact = supportLink(deployment);
  return (
    <section aria-labelledby="about-heading" className="about" data-testid="about">
      <h3 id="about-heading">About</h3>
      <Text block size={200}>
        Ads Analytics for Excel {deployment.version}
        {deployment.local && (
          <strong data-testid="local-build">
            {" "}
            · Local build: for this computer only, not for deployment
          </strong>
        )}
      </Text>
      <Text block size={200}>
        <Link href="help.html" target="_blank" rel="noopener noreferrer">
          Help and support
        </Link>
        {contact && (
          <>
            {" · Contact: "}
            <Link href={contact.href} target="_blank" rel="noopener noreferrer">
              {contact.text}
            </Link>
          </>
        )}
      </Text>
      <SelfTest />
    </section>
  );
}
