/**
 * The Connect form's state and its check: the key and service address as typed, their validation,
 * and connecting, which proves the key with one cheap request before the session keeps it.
 */
import { useState } from "react";
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
import { countRequest, getConnection, getNetworkLimits, setConnection } from "../../runtime/session";
import { spentAllowance } from "../../runtime/allowance";
import type { Deployment } from "../deployment";
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

export interface ConnectFormState {
  apiKey: string;
  setApiKey(key: string): void;
  /** Whether another service address than the configured one is used. */
  override: boolean;
  /** Turns the other address on or off, clearing its error. */
  chooseOverride(on: boolean): void;
  overrideUrl: string;
  setOverrideUrl(url: string): void;
  remember: boolean;
  setRemember(on: boolean): void;
  busy: boolean;
  keyError: string | undefined;
  overrideError: string | undefined;
  /** Only failures: once connected, the "Connected to …" bar says so (once). */
  message: string | null;
  setMessage(message: string | null): void;
  connect(): Promise<void>;
}

/** `onConnected` runs once the session holds the new connection. */
export function useConnectForm(deployment: Deployment, onConnected: () => void): ConnectFormState {
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
  const [message, setMessage] = useState<string | null>(null);

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
      onConnected();
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

  const chooseOverride = (on: boolean) => {
    setOverride(on);
    setOverrideError(undefined);
  };
  return {
    apiKey,
    setApiKey,
    override,
    chooseOverride,
    overrideUrl,
    setOverrideUrl,
    remember,
    setRemember,
    busy,
    keyError,
    overrideError,
    message,
    setMessage,
    connect,
  };
}
