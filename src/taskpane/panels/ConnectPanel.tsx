/**
 * Connect: API key (masked, kept in runtime memory only), the configured service (or an admin-approved
 * override), a check with the service's own message, sign out, a "get a key" link and the About area.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "@fluentui/react-components";
import { Link, Text } from "../components/Prose";
import { getConnection, setConnection } from "../../runtime/session";
import { NetworkLimitsForm } from "../components/NetworkLimitsForm";
import { SpendView } from "../components/SpendView";
import { PaneMessage } from "../components/PaneMessage";
import { SelfTest } from "../components/SelfTest";
import { supportLink, type Deployment } from "../deployment";
import { ConnectForm } from "./ConnectForm";
import { useConnectForm } from "./useConnectForm";

export interface ConnectPanelProps {
  deployment: Deployment;
}

/** The next useful step after connecting: the Reports tab (the tour's step 2), else Sign out. */
const nextStep = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('[role="tab"][data-tab="Reports"]');

/**
 * Keyboard users keep their place: the form they used is replaced, so focus moves on (to the next
 * useful step after connecting, the Reports tab, which Enter opens; the key field after signing out).
 * Returns the two refs and the call that asks for the move.
 */
function useFocusAfterSignInOut(connected: boolean) {
  const signOutRef = useRef<HTMLButtonElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    (connected ? (nextStep() ?? signOutRef.current) : keyRef.current)?.focus();
    setMoveFocus(false);
  }, [moveFocus, connected]);
  return { signOutRef, keyRef, moveFocus: () => setMoveFocus(true) };
}

export function ConnectPanel({ deployment }: ConnectPanelProps) {
  const current = getConnection();
  const { signOutRef, keyRef, moveFocus } = useFocusAfterSignInOut(current !== null);
  const form = useConnectForm(deployment, moveFocus);
  const { message } = form;

  return (
    <section aria-label="Connection" className="panel">
      {current ? (
        <>
          <PaneMessage intent="success" role="status">
            Connected to <strong>{current.baseUrl}</strong>
          </PaneMessage>
          <Text data-testid="next-step">
            Next: open <strong>Reports</strong> (its tab has the focus: press Enter) to run your first report,
            or <strong>Data</strong> for a show or a search.
          </Text>
          <Button
            ref={signOutRef}
            onClick={() => {
              setConnection(null);
              form.setMessage(null);
              moveFocus();
            }}
          >
            Sign out
          </Button>
        </>
      ) : (
        <ConnectForm form={form} deployment={deployment} keyRef={keyRef} />
      )}
      {message && (
        <PaneMessage intent="error" role="status">
          {message}
        </PaneMessage>
      )}
      <SpendView />
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
