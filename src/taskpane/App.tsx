/** The task pane: Connect, Reports, Data, Sheets, Campaigns, Agents; the activity list under every tab. */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  FluentProvider,
  Toast,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
  webLightTheme,
} from "@fluentui/react-components";
import { AdsClient } from "../api/client";
import { subscribeSelfTestRequests } from "../runtime/selfTestRequests";
import { countRequest, getConnection, subscribe } from "../runtime/session";
import { ActivityList } from "./components/ActivityList";
import { TabBar } from "./components/TabBar";
import { AdvertisersPanel } from "./panels/AdvertisersPanel";
import { AgentsPanel } from "./panels/AgentsPanel";
import { CampaignPlanPanel } from "./panels/CampaignPlanPanel";
import { ConnectPanel } from "./panels/ConnectPanel";
import { DataPanel } from "./panels/DataPanel";
import { InvitePanel } from "./panels/InvitePanel";
import { ReportsPanel } from "./panels/ReportsPanel";
import { SheetsPanel } from "./panels/SheetsPanel";
import { loadSheetRequest, type SheetRequest } from "./reportActions";
import type { Deployment } from "./deployment";
import { PANE_CSS } from "./paneStyles";
import { ServicesContext, type ActivityEntry, type ExcelHost, type Intent, type Services } from "./services";

const TABS = ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"] as const;
type TabName = (typeof TABS)[number];

export interface AppProps {
  excel: ExcelHost;
  /** The build's deployment settings (the preview swaps in its sandbox's address). */
  deployment: Deployment;
}

export function App({ excel, deployment }: AppProps) {
  const [tab, setTab] = useState<TabName>("Connect");
  const [connection, setConn] = useState(getConnection());
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [editing, setEditing] = useState<SheetRequest | null>(null);
  const nextId = useRef(1);
  const toasterId = useId("toaster");
  const [toastNode, setToastNode] = useState<HTMLElement | null>(null);
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => subscribe(() => setConn(getConnection())), []);
  // The ribbon's Self-test button: the self-test lives on the Connect tab.
  useEffect(() => subscribeSelfTestRequests(() => setTab("Connect")), []);

  const client = useMemo(
    () => (connection ? new AdsClient({ ...connection, onRequest: () => countRequest() }) : null),
    [connection],
  );

  const notify = useCallback(
    (message: string, intent: Intent = "info") =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent },
      ),
    [dispatchToast],
  );

  const services: Services = useMemo(
    () => ({
      client,
      excel,
      notify,
      activity: {
        start(label, request, cancel) {
          const id = nextId.current++;
          setEntries((old) =>
            [{ id, label, request, status: "running" as const, startedAt: Date.now(), cancel }, ...old].slice(
              0,
              30,
            ),
          );
          return id;
        },
        update(id, patch) {
          setEntries((old) => old.map((e) => (e.id === id ? { ...e, ...patch } : e)));
        },
      },
      editReport(sheetName) {
        void loadSheetRequest(excel, sheetName).then((req) => {
          if (req) {
            setEditing(req);
            setTab("Reports");
          } else notify(`${sheetName} has no editable request`, "warning");
        });
      },
    }),
    [client, excel, notify],
  );

  return (
    <FluentProvider theme={webLightTheme} className="pane">
      <style>{PANE_CSS}</style>
      <ServicesContext.Provider value={services}>
        {/* Toasts render into a landmark of their own, so nothing in the pane is outside one. */}
        <aside aria-label="Notifications" ref={setToastNode} />
        {toastNode && <Toaster toasterId={toasterId} mountNode={toastNode} />}
        {/* A landmark around the tabs, so everything in the pane is in one (header, main). */}
        <header>
          <TabBar<TabName> tabs={TABS} selected={tab} onSelect={setTab} label="Ads Analytics sections" />
        </header>
        <main className="pane-body">
          {tab === "Connect" && <ConnectPanel deployment={deployment} />}
          {tab === "Reports" && <ReportsPanel editing={editing} onEdited={() => setEditing(null)} />}
          {tab === "Data" && <DataPanel />}
          {tab === "Sheets" && <SheetsPanel />}
          {/* Write-backs and agent runs outlive a tab switch: they stay mounted, hidden. */}
          <div hidden={tab !== "Campaigns"}>
            <CampaignPlanPanel />
            <AdvertisersPanel />
            <InvitePanel />
          </div>
          <div hidden={tab !== "Agents"}>
            <AgentsPanel />
          </div>
          <ActivityList entries={entries} />
        </main>
      </ServicesContext.Provider>
    </FluentProvider>
  );
}
