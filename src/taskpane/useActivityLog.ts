/** The activity list's entries, newest first, and the Activity that panels record their work with. */
import { useMemo, useRef, useState } from "react";
import type { Activity, ActivityEntry } from "./services";

/** How many entries the list keeps. */
const KEPT = 30;

export function useActivityLog(): { entries: ActivityEntry[]; activity: Activity } {
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const nextId = useRef(1);
  const activity: Activity = useMemo(
    () => ({
      start(label, request, cancel) {
        const id = nextId.current++;
        setEntries((old) =>
          [{ id, label, request, status: "running" as const, startedAt: Date.now(), cancel }, ...old].slice(
            0,
            KEPT,
          ),
        );
        return id;
      },
      update(id, patch) {
        setEntries((old) => old.map((e) => (e.id === id ? { ...e, ...patch } : e)));
      },
    }),
    [],
  );
  return { entries, activity };
}
