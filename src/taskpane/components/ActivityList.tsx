/**
 * The activity list: each request with its status, elapsed time, a cancel button, and the failure
 * message with what was asked, its Details collapsed (the request as the service names it, to copy for
 * support), and Try again where asking again is safe.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "@fluentui/react-components";
import { Text } from "./Prose";
import type { ActivityEntry } from "../services";
import { useFocusRescue } from "../focus";
import { ErrorDetails } from "./ErrorDetails";

function elapsed(e: ActivityEntry, now: number): string {
  // `now` only ticks while something runs; a request started since the last tick counts from now.
  const s = Math.max(0, Math.round(((e.endedAt ?? Math.max(now, Date.now())) - e.startedAt) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  const [now, setNow] = useState(Date.now());
  const running = entries.some((e) => e.status === "running");
  const root = useRef<HTMLElement>(null);
  // Try again is offered once: the new request gets an entry of its own (a second click would ask again).
  const [triedAgain, setTriedAgain] = useState<ReadonlySet<number>>(new Set());
  // Cancel goes when its run ends (cancelled or not), Try again once chosen: focus waits on the entry itself.
  useFocusRescue(root, (removed) =>
    root.current?.querySelector<HTMLElement>(
      `[data-entry="${removed.dataset.cancels ?? removed.dataset.triesAgain}"]`,
    ),
  );
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Activity" className="activity" ref={root}>
      <Text weight="semibold">Activity</Text>
      <ul>
        {entries.map((e) => (
          // tabIndex -1: focus can rest on an entry whose Cancel button went away with its run.
          <li
            key={e.id}
            className={`activity-${e.status}`}
            data-status={e.status}
            data-entry={e.id}
            tabIndex={-1}
          >
            <Text>
              {e.label}: <strong>{e.status}</strong> ({elapsed(e, now)})
            </Text>
            {e.detail && (
              <Text block size={200} className="detail">
                {e.detail}
              </Text>
            )}
            {e.status === "failed" && (
              <Text block size={200} className="asked">
                Asked: {e.request}
              </Text>
            )}
            {e.status === "failed" && e.details && <ErrorDetails details={e.details} />}
            {e.status === "failed" && e.tryAgain && !triedAgain.has(e.id) && (
              <Button
                size="small"
                data-tries-again={e.id}
                onClick={() => {
                  setTriedAgain((old) => new Set([...old, e.id]));
                  e.tryAgain?.();
                }}
              >
                Try again
              </Button>
            )}
            {e.status === "failed" && triedAgain.has(e.id) && (
              <Text block size={200}>
                Asked again: see the newer entry above.
              </Text>
            )}
            {e.status === "running" && e.cancel && (
              <Button size="small" data-cancels={e.id} onClick={e.cancel}>
                Cancel
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
