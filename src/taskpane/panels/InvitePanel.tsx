/**
 * Invite panel: invite an advertiser user with a chosen set of tabs (none ticked means
 * all tabs) and team members, and show the service's message.
 */
import { useState } from "react";
import { Button, Checkbox, Field, Input, Textarea, makeStyles, tokens } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import { PaneMessage } from "../components/PaneMessage";
import { useServices, NOT_CONNECTED, useClearNotConnected } from "../services";
import { INVITE_TABS } from "../../api/schemas";
import { describeServiceError } from "../../writebacks/serviceErrors";
import { useKept } from "../paneMemory";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  tabs: { display: "flex", flexDirection: "column" },
});

type Tab = (typeof INVITE_TABS)[number];

/** What each tab is called in the service's app (the box's label; its API name stays in the request). */
const TAB_LABELS: Record<Tab, string> = {
  ads: "Ads",
  simple_campaigns: "Campaigns",
  simple_overview: "Overview",
  tag_debug: "Tag debugging",
  simple_overview_show: "Show overview",
};

/** Team members typed one per line or comma-separated. */
function splitEmails(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The tabs the invitee may see (none ticked: all of them). */
function InviteTabsFieldset({ tabs, onToggle }: { tabs: Tab[]; onToggle(tab: Tab, on: boolean): void }) {
  const styles = useStyles();
  return (
    // A fieldset, not a Field: a Field hands its one control id to every checkbox inside it.
    <fieldset aria-describedby="invite-tabs-hint">
      <legend>Tabs</legend>
      <div className={styles.tabs}>
        {INVITE_TABS.map((t) => (
          <Checkbox
            key={t}
            label={TAB_LABELS[t]}
            checked={tabs.includes(t)}
            disabled={t === "simple_overview_show" && !tabs.includes("simple_overview")}
            onChange={(_, d) => onToggle(t, d.checked === true)}
          />
        ))}
      </div>
      <Text id="invite-tabs-hint" size={200}>
        None ticked: the invitee gets all tabs. Show overview needs Overview.
      </Text>
    </fieldset>
  );
}

export function InvitePanel(): JSX.Element {
  const styles = useStyles();
  const { client } = useServices();
  const [advertiserName, setAdvertiserName] = useKept("campaigns.invite.advertiser", "");
  const [email, setEmail] = useKept("campaigns.invite.email", "");
  const [tabs, setTabs] = useKept<Tab[]>("campaigns.invite.tabs", []);
  const [team, setTeam] = useKept("campaigns.invite.team", "");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: "error" | "success"; text: string } | null>(null);
  useClearNotConnected(client, message, () => setMessage(null));

  function toggle(tab: Tab, on: boolean): void {
    setTabs((prev) => {
      const next = on ? [...prev, tab] : prev.filter((t) => t !== tab);
      // simple_overview_show requires simple_overview: dropping the latter drops the former.
      return next.includes("simple_overview") ? next : next.filter((t) => t !== "simple_overview_show");
    });
  }

  async function invite(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      if (!client) throw new Error(NOT_CONNECTED);
      // Checked here, in the words of the labels, before the client's own check of the request.
      if (!advertiserName.trim())
        throw new Error("Advertiser the user may see: enter the advertiser's name.");
      if (!email.trim()) throw new Error("Email of the invitee: enter an email address.");
      const teamMembers = splitEmails(team);
      const r = await client.users.inviteAdvertiser({
        advertiserName: advertiserName.trim(),
        email: email.trim(),
        ...(tabs.length ? { tabs: INVITE_TABS.filter((t) => tabs.includes(t)) } : {}),
        ...(teamMembers.length ? { teamMembers } : {}),
      });
      setMessage({ intent: "success", text: r.message });
    } catch (e) {
      setMessage({ intent: "error", text: describeServiceError(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={`panel ${styles.root}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void invite();
      }}
    >
      <h3>Invite an advertiser user</h3>
      <Field label="Advertiser the user may see" required>
        <Input value={advertiserName} onChange={(_, d) => setAdvertiserName(d.value)} />
      </Field>
      <Field label="Email of the invitee" required>
        <Input type="email" value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <InviteTabsFieldset tabs={tabs} onToggle={toggle} />
      <Field label="Team members" hint="Emails of existing users, one per line or comma-separated.">
        <Textarea value={team} onChange={(_, d) => setTeam(d.value)} />
      </Field>
      <Button appearance="primary" type="submit" disabledFocusable={busy}>
        Send invite
      </Button>
      {message && (
        <PaneMessage intent={message.intent} data-testid="invite-outcome">
          {message.text}
        </PaneMessage>
      )}
    </form>
  );
}
