/** Follows a run started elsewhere (another session, a colleague, a crashed pane) by its id. */
import { Button, Field, Input } from "@fluentui/react-components";
import { useKept } from "../../paneMemory";

export interface FollowRunFormProps {
  /** A run is starting or followed: Follow run waits. */
  blocked: boolean;
  onFollow(runIdText: string): void;
}

export function FollowRunForm({ blocked, onFollow }: FollowRunFormProps) {
  const [followId, setFollowId] = useKept("agents.followId", "");
  return (
    <form
      aria-label="Follow a run"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) onFollow(followId);
      }}
    >
      <Field label="Follow a run by its id" hint="A run started earlier, here or elsewhere">
        <Input value={followId} onChange={(_, d) => setFollowId(d.value)} inputMode="numeric" />
      </Field>
      <Button type="submit" disabled={blocked}>
        Follow run
      </Button>
    </form>
  );
}
