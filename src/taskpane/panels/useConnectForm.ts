/**
 * The Connect form's state and its check: the key and service address as typed, their validation,
 * and connecting, which proves the key with one cheap request before the session keeps it
 * (connectCheck.ts, loaded when Connect is first pressed: the client is not in the page's first load).
 */
import { useState } from "react";
import { CODE_NOT_DOWNLOADED, isCodeLoadFailure } from "../../runtime/codeLoadFailure";
import { getConnection, setConnection } from "../../runtime/session";
import type { Deployment } from "../deployment";
import { checkServiceOverride } from "../serviceAddress";
import { useKept } from "../paneMemory";

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
  const [apiKey, setApiKey] = useKept("connect.apiKey", "");
  // A remembered connection to another address reopens with that override.
  const [override, setOverride] = useKept(
    "connect.override",
    Boolean(current && current.baseUrl !== configured),
  );
  const [overrideUrl, setOverrideUrl] = useKept(
    "connect.overrideUrl",
    current && current.baseUrl !== configured ? current.baseUrl : "",
  );
  const [busy, setBusy] = useState(false);
  const [keyError, setKeyError] = useState<string | undefined>();
  const [overrideError, setOverrideError] = useState<string | undefined>();
  const [remember, setRemember] = useKept("connect.remember", false);
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
      const { checkKey } = await import(/* webpackChunkName: "client" */ "./connectCheck");
      const checked = await checkKey(baseUrl, key);
      if (checked.ok) {
        setConnection({ apiKey: key, baseUrl: checked.baseUrl }, { remember });
        setApiKey("");
        onConnected();
      } else if (checked.field === "serviceAddress") setOverrideError(checked.message);
      else setMessage(checked.message);
    } catch (err) {
      // The check's own code could not be loaded (a network failure while the pane loads it).
      setMessage(
        isCodeLoadFailure(err)
          ? `Could not connect: ${CODE_NOT_DOWNLOADED}. Check the network, then press Connect again.`
          : `Could not connect: ${err instanceof Error ? err.message : String(err)}`,
      );
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
