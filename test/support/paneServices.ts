/** The pane's Services for tests: a client and a workbook, with every toast and Activity entry recorded. */
import type { AdsClient } from "../../src/api/client";
import type { ExcelHost } from "../../src/excel/host";
import type { ActivityEntry, Intent, Services } from "../../src/taskpane/services";

export function recordingServices(excel: ExcelHost, client: AdsClient | null) {
  const toasts: { text: string; intent?: Intent }[] = [];
  const entries = new Map<number, Partial<ActivityEntry>>();
  const services: Services = {
    client,
    excel,
    notify: (text, intent) => void toasts.push({ text, intent }),
    activity: {
      start(label, request) {
        entries.set(entries.size + 1, { label, request });
        return entries.size;
      },
      update(id, patch) {
        entries.set(id, { ...entries.get(id), ...patch });
      },
    },
    editReport: () => undefined,
  };
  return { services, toasts, entries };
}
