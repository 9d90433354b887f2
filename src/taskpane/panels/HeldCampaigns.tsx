/**
 * The Campaign plan's held campaigns: sent, but the plan does not show what came of them. Each is
 * released with a confirming second click.
 */
import { Button } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import { describeHold, type CampaignHold } from "../../writebacks/planHolds";
import { useCampaignPlanStyles } from "./campaignPlanStyles";

export interface HeldCampaignsProps {
  holds: readonly CampaignHold[];
  /** The hold whose Release waits for a confirming second click. */
  confirming: string | null;
  onConfirming(id: string | null): void;
  onRelease(hold: CampaignHold): void;
  /** Another action is under way: Release is disabled. */
  busy: boolean;
}

export function HeldCampaigns({ holds, confirming, onConfirming, onRelease, busy }: HeldCampaignsProps) {
  const styles = useCampaignPlanStyles();
  return (
    <section className={styles.held} aria-label="Held campaigns">
      <h4>Held campaigns</h4>
      <Text>
        Sent, but the plan does not show what came of them: they may exist on the service. Create will not
        send them again until you release them.
      </Text>
      {holds.map((h) => (
        <div className={styles.held} key={h.id}>
          <Text>{describeHold(h)}.</Text>
          {confirming === h.id ? (
            <div className={styles.buttons}>
              <Text>Release only if the service has no such campaign.</Text>
              <Button
                size="small"
                appearance="primary"
                disabled={busy}
                aria-label={`Confirm: release "${h.name}" (the next Create sends it again)`}
                onClick={() => onRelease(h)}
              >
                Release
              </Button>
              <Button size="small" onClick={() => onConfirming(null)}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className={styles.buttons}>
              <Button
                size="small"
                disabled={busy}
                aria-label={`Release "${h.name}"…`}
                onClick={() => onConfirming(h.id)}
              >
                Release…
              </Button>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
