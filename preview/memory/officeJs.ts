/**
 * The genuine office.js Excel client (`@microsoft/office-js/dist/excel-web-16.00.js`, the script
 * Excel on the web runs) between the add-in and the in-memory workbook. Every `context.sync()` the
 * add-in makes is built by office.js itself into the real RichApi request and handed, through
 * `OfficeExtension.HttpUtility.setCustomSendRequestFunc`, to the workbook's request processor; the
 * answer goes back through office.js's own parsing, errors and PropertyNotLoaded checks.
 *
 * The script is loaded by whoever runs the add-in: a `<script>` tag in the preview page
 * (preview/main.tsx), a `vm` context in Node (officeJsNode.ts, for tests and the bench).
 */
import { setEventDelivery, type RichApiMessage } from "./events";
import type { HttpAnswer } from "./richApi/processor";

/** office.js's transport hook (not in @types/office-js: it is how office.js is run outside Office). */
interface HttpUtility {
  setCustomSendRequestFunc(send: (request: SendRequest) => Promise<HttpAnswer>): void;
}

/**
 * office.js's entry for RichApi messages (events) where no Office host page carries them: the
 * handler Excel's messages reach (GenericEventRegistration._handleRichApiMessage), and what says the
 * channel is ready. The host's events (events.ts) go in here, as Excel's go in through the page.
 */
interface RichApiMessages {
  _testSetRichApiMessageReadyImpl(ready: () => Promise<void>): void;
  _testTriggerRichApiMessageEvent(message: RichApiMessage): void;
}

export interface GenuineOffice {
  Excel: typeof Excel;
  OfficeExtension: typeof OfficeExtension & { HttpUtility: HttpUtility } & RichApiMessages;
  /** office.js's custom-functions classes (CustomFunctions.Entity, FormattedNumber): what a function returns. */
  CustomFunctions?: typeof CustomFunctions;
}

interface SendRequest {
  url: string;
  body?: unknown;
}

/**
 * The transport's own share of office.js's work: office.js hands it the request as an object, and
 * turning that into the body text (`JSON.stringify`, what office.js does itself in Office) is timed
 * here so the bench can count it as the client's.
 */
export const transportStats = { stringifyMs: 0 };

let provider: (() => GenuineOffice) | undefined;
let loaded: GenuineOffice | undefined;
/** Answers a request body: the in-memory host in this thread, or one in another (the bench's). */
export type RequestHandler = (body: string) => HttpAnswer | Promise<HttpAnswer>;

/**
 * Held weakly: a test of 11,000 workbooks (the stored formats' property) kept every one alive through
 * this map and ran out of heap. A workbook's handler lives as long as the workbook or the `Excel`
 * namespace made for it (excelFor holds it).
 */
const routes = new Map<string, WeakRef<RequestHandler>>();
const forgetRoute = new FinalizationRegistry<string>((url) => {
  if (routes.get(url)?.deref() === undefined) routes.delete(url);
});
let nextRoute = 0;

/** Says where the genuine client comes from (the page's script, or a Node vm). */
export function provideOfficeJs(load: () => GenuineOffice): void {
  provider = load;
  loaded = undefined;
}

/** A macrotask, as the real host answers (a postMessage in Excel on the web): never synchronously. */
const later: (fn: () => void) => void =
  typeof setImmediate === "function"
    ? (fn) => void setImmediate(fn)
    : (() => {
        const channel = new MessageChannel();
        const queue: (() => void)[] = [];
        channel.port1.onmessage = () => queue.shift()?.();
        return (fn: () => void) => {
          queue.push(fn);
          channel.port2.postMessage(null);
        };
      })();

function officeJs(): GenuineOffice {
  if (loaded) return loaded;
  if (!provider)
    throw new Error(
      "office.js is not loaded: call provideOfficeJs first (preview/main.tsx, officeJsNode.ts)",
    );
  loaded = provider();
  const send = (request: SendRequest): Promise<HttpAnswer> => {
    const base = request.url.replace(/\/ProcessQuery(\?.*)?$/i, "");
    const handler = routes.get(base)?.deref();
    const t = performance.now();
    const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? null);
    transportStats.stringifyMs += performance.now() - t;
    return new Promise<HttpAnswer>((resolve, reject) =>
      later(() => {
        if (!handler)
          resolve({
            statusCode: 404,
            headers: {},
            body: JSON.stringify({
              error: { code: "InvalidRequestContext", message: `No workbook at ${base}` },
            }),
          });
        else Promise.resolve(handler(body)).then(resolve, reject);
      }),
    );
  };
  loaded.OfficeExtension.HttpUtility.setCustomSendRequestFunc(send);
  const extension = loaded.OfficeExtension;
  extension._testSetRichApiMessageReadyImpl(() => Promise.resolve());
  setEventDelivery((message) => extension._testTriggerRichApiMessageEvent(message));
  return loaded;
}

/** office.js's own CustomFunctions namespace (its Entity and FormattedNumber classes), loaded as the client is. */
export function genuineCustomFunctions(): typeof CustomFunctions {
  const cf = officeJs().CustomFunctions;
  if (!cf) throw new Error("This office.js has no CustomFunctions namespace");
  return cf;
}

/** A URL for office.js's RequestContext whose requests go to `handler` (held while its caller holds it). */
export function routeRequests(handler: RequestHandler): string {
  const url = `https://workbook-${++nextRoute}.excel.invalid`;
  routes.set(url, new WeakRef(handler));
  forgetRoute.register(handler, url);
  return url;
}

/** The `Excel` namespace the add-in is given: office.js's own, whose `run` sends every sync to `url`. */
export function excelFor(url: string): typeof Excel {
  const { Excel: genuine } = officeJs();
  // The namespace keeps its workbook's handler alive: `new InMemoryWorkbook().excel` alone still works.
  const handler = routes.get(url)?.deref();
  const run = <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> =>
    genuine.run(new genuine.RequestContext(url), batch);
  return Object.create(genuine, { run: { value: run }, workbookHandler: { value: handler } }) as typeof Excel;
}
