/**
 * The task pane: Connect, Reports, Data, Sheets, Campaigns, Agents; the activity list under every tab.
 * Only Connect is in the page's first load: every other tab's panel is loaded when the tab is first
 * opened (its own chunk), with a labelled busy indicator meanwhile and a retry if the load fails.
 */
import { onCardsNotShown } from "../runtime/cardNotice";
import { dateSystemOf } from "../excel/dateSystem";
import { workbookIdOf } from "../excel/store/workbookId";
import { setSpendWorkbook } from "../runtime/session";
import {
  Component,
  Fragment,
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";
import { Button, Field, FluentProvider, ProgressBar, webLightTheme } from "@fluentui/react-components";
import { CODE_NOT_DOWNLOADED, isCodeLoadFailure } from "../runtime/codeLoadFailure";
import { subscribeSelfTestRequests } from "../runtime/selfTestRequests";
import { ActivityList } from "./components/ActivityList";
import { PaneMessage } from "./components/PaneMessage";
import { SpendQuestions } from "./components/SpendQuestions";
import { TabBar, tabId, tabPanelId } from "./components/TabBar";
import { ConnectPanel } from "./panels/ConnectPanel";
import type { SheetRequest } from "./reportActions";
import type { Deployment } from "./deployment";
import { PANE_CSS } from "./paneStyles";
import { ServicesContext, type ExcelHost, type Services } from "./services";
import { useActivityLog } from "./useActivityLog";
import { NotificationArea, useNotifications } from "./useNotifications";
import { loadServiceClient, useSessionClient } from "./useSessionClient";
import { startInputWatch } from "./inputWatchPane";
import { StaleNotice } from "./StaleNotice";
import { PaneMemoryProvider } from "./paneMemory";

/**
 * A panel loaded on first use. React keeps a failed lazy component's error for good, so a panel whose
 * load failed gets a fresh one the next time it is shown (Try again, or coming back to the tab):
 * webpack fetches a chunk that failed to load again.
 */
function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
): () => LazyExoticComponent<ComponentType<P>> {
  let current: { panel: LazyExoticComponent<ComponentType<P>>; failed: boolean } | null = null;
  return () => {
    if (current && !current.failed) return current.panel;
    const entry = { panel: null as unknown as LazyExoticComponent<ComponentType<P>>, failed: false };
    // Every panel but Connect talks to the service: its chunk and the client's code load together.
    entry.panel = lazy(() =>
      Promise.all([load(), loadServiceClient()]).then(
        ([panel]) => ({ default: panel }),
        (err: unknown) => {
          entry.failed = true;
          throw err;
        },
      ),
    );
    current = entry;
    return entry.panel;
  };
}

const ReportsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "reports" */ "./panels/ReportsPanel").then((m) => m.ReportsPanel),
);
const DataPanel = lazyPanel(() =>
  import(/* webpackChunkName: "data" */ "./panels/DataPanel").then((m) => m.DataPanel),
);
const SheetsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "sheets" */ "./panels/SheetsPanel").then((m) => m.SheetsPanel),
);
const CampaignPlanPanel = lazyPanel(() =>
  import(/* webpackChunkName: "campaigns" */ "./panels/CampaignPlanPanel").then((m) => m.CampaignPlanPanel),
);
const AdvertisersPanel = lazyPanel(() =>
  import(/* webpackChunkName: "campaigns" */ "./panels/AdvertisersPanel").then((m) => m.AdvertisersPanel),
);
const InvitePanel = lazyPanel(() =>
  import(/* webpackChunkName: "campaigns" */ "./panels/InvitePanel").then((m) => m.InvitePanel),
);
const AgentsPanel = lazyPanel(() =>
  import(/* webpackChunkName: "agents" */ "./panels/AgentsPanel").then((m) => m.AgentsPanel),
);

/** Renders a lazily loaded panel that takes no props. */
function Loaded({ panel: Panel }: { panel: ComponentType }) {
  return <Panel />;
}

interface LoadedTabProps {
  name: string;
  children: () => ReactNode;
}

/** Why a tab could not be shown, in a planner's words when its code could not be downloaded. */
function tabFailure(name: string, error: Error): string {
  return isCodeLoadFailure(error)
    ? `The ${name} tab could not be loaded: ${CODE_NOT_DOWNLOADED}. Check the network, then choose Try again.`
    : `The ${name} tab could not be shown: ${error.message}`;
}

/**
 * A tab's panel: a labelled busy indicator while its chunk loads; if loading (or showing) it fails,
 * the reason and Try again, which hands focus back to the selected tab.
 */
class LoadedTab extends Component<LoadedTabProps, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private retry = () => {
    this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
    document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  };

  override render() {
    const { name, children } = this.props;
    const { error, attempt } = this.state;
    if (error)
      return (
        <PaneMessage intent="error">
          {tabFailure(name, error)}{" "}
          <Button size="small" onClick={this.retry}>
            Try again
          </Button>
        </PaneMessage>
      );
    return (
      <Suspense
        fallback={
          <Field label={`Loading ${name}…`}>
            <ProgressBar />
          </Field>
        }
      >
        {/* A new attempt renders again: a failed panel is loaded afresh (lazyPanel). */}
        <Fragment key={attempt}>{children()}</Fragment>
      </Suspense>
    );
  }
}

const TABS = ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"] as const;
type TabName = (typeof TABS)[number];

export interface AppProps {
  excel: ExcelHost;
  /** The build's deployment settings (the preview swaps in its sandbox's address). */
  deployment: Deployment;
}

/** Campaigns and Agents stay mounted once opened (their work outlives a tab switch), never before. */
function useMountedTabs(tab: TabName): (t: TabName) => boolean {
  const [opened, setOpened] = useState<ReadonlySet<TabName>>(() => new Set([tab]));
  useEffect(() => setOpened((old) => (old.has(tab) ? old : new Set([...old, tab]))), [tab]);
  return (t: TabName) => tab === t || opened.has(t);
}

/** Edit request: loads a report sheet's request (its module on first use) and opens it on the Reports tab. */
function openSheetRequest(
  excel: ExcelHost,
  sheetName: string,
  notify: Services["notify"],
  open: (req: SheetRequest) => void,
): void {
  void import("./reportActions")
    .then(({ loadSheetRequest }) => loadSheetRequest(excel, sheetName))
    .then(
      open,
      // The reason names the sheet ("<sheet>: no sheet has this name any more…").
      (err: unknown) =>
        notify(`Could not open the request: ${err instanceof Error ? err.message : String(err)}`, "error"),
    );
}

/** Above every tab but Connect while there is no connection: what the tab needs, and the way there. */
function ConnectFirst({ onConnect }: { onConnect: () => void }) {
  return (
    <PaneMessage
      intent="info"
      style={{ marginBottom: 12 }}
      actions={
        <Button size="small" onClick={onConnect}>
          Go to Connect
        </Button>
      }
    >
      Connect first: this tab works with the service. Enter your API key on the Connect tab.
    </PaneMessage>
  );
}

interface TabPanelsProps {
  tab: TabName;
  mounted: (t: TabName) => boolean;
  deployment: Deployment;
  editing: SheetRequest | null;
  onEdited: () => void;
}

/** The selected tab's panel; Campaigns and Agents, once opened, stay mounted while hidden. */
function TabPanels({ tab, mounted, deployment, editing, onEdited }: TabPanelsProps) {
  return (
    <>
      {tab === "Connect" && <ConnectPanel deployment={deployment} />}
      {tab === "Reports" && (
        <LoadedTab name="Reports">
          {() => {
            const Panel = ReportsPanel();
            return <Panel editing={editing} onEdited={onEdited} />;
          }}
        </LoadedTab>
      )}
      {tab === "Data" && <LoadedTab name="Data">{() => <Loaded panel={DataPanel()} />}</LoadedTab>}
      {tab === "Sheets" && <LoadedTab name="Sheets">{() => <Loaded panel={SheetsPanel()} />}</LoadedTab>}
      {/* Write-backs and agent runs outlive a tab switch: once opened, they stay mounted, hidden. */}
      {mounted("Campaigns") && (
        <div hidden={tab !== "Campaigns"}>
          <LoadedTab name="Campaigns">
            {() => (
              <>
                <Loaded panel={CampaignPlanPanel()} />
                <Loaded panel={AdvertisersPanel()} />
                <Loaded panel={InvitePanel()} />
              </>
            )}
          </LoadedTab>
        </div>
      )}
      {mounted("Agents") && (
        <div hidden={tab !== "Agents"}>
          <LoadedTab name="Agents">{() => <Loaded panel={AgentsPanel()} />}</LoadedTab>
        </div>
      )}
    </>
  );
}

/** The pane's tabs' ids (one pane a page). */
const TABS_ID = "ads-tab";

export function App({ excel, deployment }: AppProps) {
  const [tab, setTab] = useState<TabName>("Connect");
  const mounted = useMountedTabs(tab);
  const [editing, setEditing] = useState<SheetRequest | null>(null);
  const { client, connected } = useSessionClient();
  const { entries, activity } = useActivityLog();
  const { notify, toaster } = useNotifications();
  // Cards answered as plain titles (this Excel cannot show data types): said once, here.
  useEffect(() => onCardsNotShown((message) => notify(message, "info")), [notify]);
  // The ribbon's Self-test button: the self-test lives on the Connect tab.
  useEffect(() => subscribeSelfTestRequests(() => setTab("Connect")), []);
  // The workbook's date system, asked once as the pane opens, so the first write does not wait on it.
  useEffect(() => void dateSystemOf(excel), [excel]);
  // Which workbook this pane counts for ("This workbook" on the Connect tab), asked once.
  useEffect(() => void workbookIdOf(excel).then(setSpendWorkbook, () => undefined), [excel]);
  // Reports' and sets' input cells watched as they change (Excel's change events), whichever tab shows:
  // once connected, when the pane loads the client anyway, so the first load stays as small as it was
  // (test/e2e/subpath.e2e.test.ts); a pane that is not connected cannot refresh what went stale.
  useEffect(() => {
    if (connected) startInputWatch(excel);
  }, [excel, connected]);

  const services: Services = useMemo(
    () => ({
      client,
      excel,
      notify,
      activity,
      editReport(sheetName) {
        openSheetRequest(excel, sheetName, notify, (req) => {
          setEditing(req);
          setTab("Reports");
        });
      },
    }),
    [client, excel, notify, activity],
  );

  return (
    <FluentProvider theme={webLightTheme} className="pane">
      <style>{PANE_CSS}</style>
      <ServicesContext.Provider value={services}>
        {/* What is typed in any tab's forms stays until the pane closes, whichever tab is shown. */}
        <PaneMemoryProvider>
          <NotificationArea {...toaster} />
          {/* A landmark around the tabs, so everything in the pane is in one (header, main). */}
          <header>
            <TabBar<TabName>
              tabs={TABS}
              selected={tab}
              onSelect={setTab}
              label="Ads Analytics sections"
              idPrefix={TABS_ID}
            />
          </header>
          <main className="pane-body">
            <SpendQuestions />
            <StaleNotice onSheetsTab={tab === "Sheets"} />
            {!connected && tab !== "Connect" && (
              <ConnectFirst
                onConnect={() => {
                  setTab("Connect");
                  // The key field, so the planner can type at once.
                  requestAnimationFrame(() =>
                    document.querySelector<HTMLElement>('input[name="apiKey"]')?.focus(),
                  );
                }}
              />
            )}
            <div role="tabpanel" id={tabPanelId(TABS_ID)} aria-labelledby={tabId(TABS_ID, tab)}>
              <TabPanels
                tab={tab}
                mounted={mounted}
                deployment={deployment}
                editing={editing}
                onEdited={() => setEditing(null)}
              />
            </div>
            <ActivityList entries={entries} />
          </main>
        </PaneMemoryProvider>
      </ServicesContext.Provider>
    </FluentProvider>
  );
}
