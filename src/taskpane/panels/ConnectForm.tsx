/** The Connect form shown while not connected: the API key, Remember, the service address, Connect, and where to get a key. */
import type { Ref } from "react";
import { Button, Checkbox, Field, Input } from "@fluentui/react-components";
import { Link, Text } from "../components/Prose";
import type { Deployment } from "../deployment";
import type { ConnectFormState } from "./useConnectForm";

interface ConnectFormProps {
  form: ConnectFormState;
  deployment: Deployment;
  /** The key field, for focus after signing out. */
  keyRef: Ref<HTMLInputElement>;
}

/** The configured service, and the other address an administrator may have approved. */
function ServiceAddressFields({ form, deployment }: Omit<ConnectFormProps, "keyRef">) {
  const { override, overrideUrl, overrideError } = form;
  return (
    <>
      <Text id="configured-service" data-testid="configured-service">
        Service: <strong>{deployment.serviceUrl}</strong>
        {deployment.local ? " (local build)" : " (set by your administrator)"}
      </Text>
      <Checkbox
        label="Use another service address"
        checked={override}
        onChange={(_, d) => form.chooseOverride(Boolean(d.checked))}
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
            onChange={(_, d) => form.setOverrideUrl(d.value)}
            name="baseUrl"
            type="url"
            placeholder="https://"
          />
        </Field>
      )}
    </>
  );
}

/** "No key yet?": the deployment's sign-up link, or whom to ask. */
function GetKeyNote({ getKeyUrl }: { getKeyUrl: Deployment["getKeyUrl"] }) {
  return (
    <Text size={200} data-testid="get-key">
      No key yet?{" "}
      {getKeyUrl ? (
        <Link href={getKeyUrl} target="_blank" rel="noopener noreferrer">
          Get an API key
        </Link>
      ) : (
        "Ask whoever manages your account with the service for an API key."
      )}
    </Text>
  );
}

export function ConnectForm({ form, deployment, keyRef }: ConnectFormProps) {
  const { apiKey, keyError, remember, busy } = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // A busy Connect stays focusable (disabledFocusable), so a second Enter must not send again.
        if (!busy) void form.connect();
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
          onChange={(_, d) => form.setApiKey(d.value)}
          autoComplete="off"
          name="apiKey"
          ref={keyRef}
        />
      </Field>
      <Checkbox
        label="Remember on this computer (needed to refresh sheets when a workbook opens)"
        checked={remember}
        onChange={(_, d) => form.setRemember(Boolean(d.checked))}
      />
      <ServiceAddressFields form={form} deployment={deployment} />
      <Button appearance="primary" type="submit" disabledFocusable={busy}>
        {busy ? "Checking…" : "Connect"}
      </Button>
      <GetKeyNote getKeyUrl={deployment.getKeyUrl} />
    </form>
  );
}
