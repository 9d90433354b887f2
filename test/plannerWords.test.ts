/**
 * Every message a planner reads is in a planner's words (issue 39): no request method, API path, path
 * parameter, camelCase or snake_case word outside its Details part. The test walks each source of
 * messages: every error family of errors.ts, the client's own failures (stalls, deadlines, dropped and
 * refused connections, answers it cannot read) on every resource, the refusals, the form checks (every
 * rule of every request schema, met with bad values), the pane's "Asked" line, the failed status
 * line, and the campaign plan's headers.
 */
import { readdirSync, readFileSync, statSync } from "fs";
import { join, relative } from "path";
import * as ts from "typescript";
import { z } from "zod";
import { AdsClient } from "../src/api/client";
import * as errors from "../src/api/errors";
import { errorDetails, plannerError } from "../src/api/errorWords";
import * as schemas from "../src/api/schemas";
import { validateRequest } from "../src/api/validate";
import { fakeFetch, instantSleep, json, text, type Route } from "../src/api/testing/fakeFetch";
import { describeRequest, failureReason } from "../src/taskpane/requestText";
import { failedStatusLine } from "../src/reports/statusLine";
import { PLAN_LABELS, planColumnOf } from "../src/writebacks/planColumns";
import { serviceWordsIn } from "./support/serviceWords";

test("the detector itself catches each kind of service word, and passes a planner's sentence", () => {
  expect(
    serviceWordsIn("The answer from GET /api/public/series/episodes/{id} stopped arriving"),
  ).toHaveLength(3);
  expect(serviceWordsIn("itunesId must be a directory id")).toEqual(["a camelCase word (itunesId)"]);
  expect(serviceWordsIn("read_type is unknown")).toEqual(["a snake_case word (read_type)"]);
  expect(serviceWordsIn("fields[0]: Geo needs…")).toEqual(["a list index (fields[0])"]);
  expect(serviceWordsIn("The iTunes or YouTube id of show 1200000001 (a 500 from the service).")).toEqual([]);
});

const TASK = "7b0c2f7e-1f0a-4c55-9a4e-0d7f3c2a9b11";

/** One call of every resource, with values the client accepts (a refusal of them is collected too). */
const CALLS: readonly [string, (c: AdsClient) => Promise<unknown>][] = [
  ["report progress", (c) => c.tasks.status(TASK)],
  ["report download", (c) => c.tasks.download("https://api.example.com/files/aff1edbd.csv")],
  ["show", (c) => c.shows.get("1200000001")],
  ["search", (c) => c.search.episodes({ search: "coffee" })],
  ["campaign performance", (c) => c.reports.start("campaignsPerformance", {})],
  ["spend by day", (c) => c.reports.start("estimatedSpendByDay", { advertisers: ["Acme Mattress"] })],
  ["listener ids", (c) => c.reports.start("impressionListeners", { episodeId: 5 })],
  ["individual ads", (c) => c.ads.individual({ advertiser: "Acme Mattress" })],
  ["incrementality", (c) => c.incrementality.get({ advertisers: ["Acme Mattress"] } as never)],
  ["advertiser", (c) => c.advertisers.create({ name: "Acme" } as never)],
  ["invite", (c) => c.users.inviteAdvertiser({ email: "a@b.example", advertiserId: 1 } as never)],
  ["agent run", (c) => c.agents.startRun(3)],
  ["agent status", (c) => c.agents.runStatus(3)],
];

const hang = () => new Promise<Response>(() => undefined);

/** Every way an answer can fail, as the service (or the network) gives it. */
const FAILURES: readonly [string, Route][] = [
  ["400 Invalid data", () => json(400, { message: "Invalid data" })],
  ["400 naming a field", () => json(400, { message: "startDate must be before endDate" })],
  ...["Invalid token", "API access is disabled", "API limit is not configured", "Forbidden", "Nope"].map(
    (m): [string, Route] => [`403 ${m}`, () => json(403, { message: m })],
  ),
  ["403 empty", () => text(403, "")],
  ["404", () => text(404, "")],
  ["429 monthly", () => json(429, { message: errors.MONTHLY_LIMIT_MESSAGE })],
  ["429 empty", () => text(429, "")],
  ["500", () => json(500, { message: { error: "db down" } })],
  ["502 page", () => text(502, "<html>Bad gateway</html>")],
  ["connection dropped", () => new TypeError("fetch failed")],
  [
    "connection refused",
    () => Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }),
  ],
  ["not JSON", () => text(200, "<html>")],
  ["not the spec's shape", () => json(200, { unexpected: true })],
  ["stalled", hang],
];

async function clientMessages(): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for (const [failure, route] of FAILURES)
    for (const [call, run] of CALLS) {
      const c = new AdsClient({
        baseUrl: "https://api.example.com",
        apiKey: "k",
        fetch: fakeFetch(route).fetch,
        sleep: instantSleep().sleep,
        maxRetries: 0,
        stallMs: 5,
        deadlineMs: 50,
      });
      const err = await run(c).then(
        () => null,
        (e: unknown) => e,
      );
      if (err) out.push([`${call} · ${failure}`, err]);
    }
  return out;
}

/** Errors the client makes without an answer: polling, CSV reading, a deadline, a task that failed. */
const MADE: readonly [string, unknown][] = [
  [
    "task failed",
    new errors.TaskFailedError(
      `The report task ${TASK} failed (the service gives no reason)`,
      "GET /api/public/file-processor/status/{id}",
    ),
  ],
  [
    "unknown status",
    new errors.UnknownStatusError(
      'Unknown status "paused" (expected one of pending, done, failed)',
      "GET /api/public/file-processor/status/{id}",
    ),
  ],
  [
    "poll gave up",
    new errors.TimeoutError(
      "Still pending after 1800 s; gave up",
      "GET /api/public/file-processor/status/{id}",
    ),
  ],
  [
    "deadline",
    new errors.TimeoutError(
      "No complete answer from GET /api/public/series/episodes/{id} within 5 min (the request deadline); gave up",
      "GET /api/public/series/episodes/{id}",
    ),
  ],
  [
    "CSV",
    new errors.ResponseValidationError(
      "csv",
      "the CSV ends inside a quoted value: the download looks truncated",
      "GET /files/aff1edbd.csv",
    ),
  ],
  [
    "agent file",
    new errors.NotFoundError(
      "File out.csv is no longer listed by run 3",
      "GET {downloadUrl of out.csv}",
      404,
    ),
  ],
  ["cancelled", new errors.AbortedError("Cancelled", "GET /api/public/episode/search")],
  [
    "may have counted",
    new errors.MaybeCountedError(
      new errors.ServerError("Unexpected error", "POST /api/public/campaigns-performance", 500),
      "The report may have started",
    ),
  ],
  ["a bare family error", new errors.AdsError("Something odd", "POST /api/public/impressions", 418)],
];

/** Bad values for every field of every request schema: each rule's message, as the forms show it. */
function formMessages(): [string, unknown][] {
  const bad: unknown[] = [
    "",
    "x",
    -1,
    0,
    1.5,
    100000,
    "2026-13-45",
    [],
    [""],
    Array(20).fill("a"),
    true,
    {},
    "a".repeat(300),
    // Columns that need another setting (the column rules' refusals).
    ["Geo"],
    ["DMA Code"],
    ["Incrementality Source"],
    ["Attributed Visits Campaign Incremental %"],
  ];
  const out: [string, unknown][] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (!(schema instanceof z.ZodObject) || !/Request|Query|Body|Params/i.test(name)) continue;
    for (const key of Object.keys(schema.shape as Record<string, unknown>))
      for (const value of bad) {
        try {
          validateRequest(schema, { [key]: value }, "POST /api/public/x");
        } catch (err) {
          out.push([`${name}.${key} = ${JSON.stringify(value).slice(0, 20)}`, err]);
        }
      }
  }
  return out;
}

test("every message the client, the refusals and the form checks produce is in a planner's words; Details keep the request", async () => {
  const all = [...(await clientMessages()), ...MADE, ...formMessages()];
  // Enough of each source that the walk means something.
  expect(all.length).toBeGreaterThan(500);
  const kinds = new Set(all.map(([, e]) => (e as Error).constructor.name));
  for (const k of [
    "BadRequestError",
    "AuthenticationError",
    "NotFoundError",
    "RateLimitError",
    "ServerError",
    "ConnectionError",
    "TimeoutError",
    "MaybeCountedError",
    "RequestValidationError",
    "ResponseValidationError",
    "TaskFailedError",
    "UnknownStatusError",
  ])
    expect(kinds).toContain(k);
  const wrong: string[] = [];
  for (const [where, err] of all) {
    const said = plannerError(err, { advertisers: ["Acme Mattress"] });
    const reason = failureReason(err);
    for (const text of [said.message, reason]) {
      const found = serviceWordsIn(text);
      if (found.length) wrong.push(`${where}: ${found.join(", ")} in "${text}"`);
    }
    // The request stays findable for support: a service error's Details name its method.
    if (
      err instanceof errors.AdsError &&
      !(err instanceof errors.AbortedError) &&
      !(err instanceof errors.RequestValidationError)
    )
      if (!/^(GET|POST) /.test(errorDetails(err) ?? ""))
        wrong.push(`${where}: Details without the request: ${errorDetails(err)}`);
  }
  expect(wrong).toEqual([]);
});

test("the Asked line and a failed refresh's status line are in words", () => {
  const asked = [
    describeRequest({
      kind: "estimatedSpendByDay",
      params: {
        advertisers: ["Acme Mattress", "Globex Bank"],
        startDate: "2026-10-01",
        endDate: "2026-10-31",
      },
    }),
    describeRequest({
      kind: "impressions",
      params: { formatting: { numberFormatting: true }, incCiCertainty: 90 },
    }),
    describeRequest({ kind: "impressionListeners", params: { episodeId: 5, week_lb: 4 } }),
    failedStatusLine(
      "Spend by day · Last refreshed 2026-11-28 20:55 · 3 rows",
      new Date(),
      "The service failed while downloading the report.",
      "2026-11-28T20:55:00Z",
    ),
  ];
  for (const line of asked) expect(serviceWordsIn(line)).toEqual([]);
});

test("the campaign plan's headers are words, and each still names its column under its old header", () => {
  for (const label of PLAN_LABELS) expect(serviceWordsIn(label)).toEqual([]);
  for (const [old, label] of [
    ["startDate", "Start date"],
    ["expectedImpressions", "Expected impressions"],
    ["itunesOrYtId", "iTunes or YouTube id"],
    ["billToPublisher", "Bill to publisher"],
  ])
    expect(planColumnOf(old)?.label).toBe(label);
});

test("every ADS function's refusal of a bad argument, and its failures, are in a planner's words", async () => {
  const { createAdsFunctions } = await import("../src/functions/adsFunctions");
  const { RequestCache } = await import("../src/functions/requestCache");
  const routes: Route[] = [
    () => json(500, { message: "db down" }),
    () => json(403, { message: "Forbidden" }),
  ];
  const said: [string, string][] = [];
  const bad: unknown[] = ["", "x", -1, 1.5, 1e7, true, [["a", "b"]], "2026-13-45"];
  for (const route of [null, ...routes]) {
    const client = new AdsClient({
      baseUrl: "https://api.example.com",
      apiKey: "k",
      fetch: fakeFetch(route ?? (() => json(500, {}))).fetch,
      sleep: instantSleep().sleep,
      maxRetries: 0,
    });
    const fns = createAdsFunctions({
      client: () => (route === null ? null : client),
      cache: new RequestCache({ concurrency: 4 }),
    }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const [name, fn] of Object.entries(fns)) {
      // Each function's last parameter is its AbortSignal: the arguments are the ones before it.
      const good = [
        "1200000001",
        "Acme Mattress",
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ].slice(0, fn.length - 1);
      const calls: unknown[][] = [good];
      for (let at = 0; at < good.length; at++)
        for (const v of bad) calls.push(good.map((g, i) => (i === at ? v : g)));
      for (const args of calls) {
        const err = await fn(...args).then(
          () => null,
          (e: unknown) => e,
        );
        if (err instanceof Error)
          said.push([`ADS.${name}(${JSON.stringify(args).slice(0, 40)})`, err.message]);
      }
    }
  }
  expect(said.length).toBeGreaterThan(200);
  const wrong = said.flatMap(([where, text]) => {
    const found = serviceWordsIn(text);
    return found.length ? [`${where}: ${found.join(", ")} in "${text}"`] : [];
  });
  expect(wrong).toEqual([]);
});

test("every report form's labels, hints, defaults and options, and the other forms' notes, are in words", async () => {
  const { REPORT_FORMS, defaultText, optionText } = await import("../src/taskpane/reportForms");
  const { OTHER_DEFAULTS } = await import("../src/api/defaults");
  const texts: [string, string][] = [];
  for (const [kind, form] of Object.entries(REPORT_FORMS))
    for (const spec of form.fields) {
      const where = `${kind}.${spec.name}`;
      texts.push([where, spec.label], [where, spec.hint ?? ""], [where, spec.default?.note ?? ""]);
      texts.push([where, defaultText(spec)]);
      for (const option of spec.options ?? []) texts.push([`${where} option`, optionText(spec, option)]);
    }
  for (const [form, fields] of Object.entries(OTHER_DEFAULTS))
    for (const [name, d] of Object.entries(fields as Record<string, { note: string }>))
      texts.push([`${form}.${name}`, d.note]);
  expect(texts.length).toBeGreaterThan(300);
  const wrong = texts.flatMap(([where, text]) => {
    const found = serviceWordsIn(text);
    return found.length ? [`${where}: ${found.join(", ")} in "${text}"`] : [];
  });
  expect(wrong).toEqual([]);
});

/**
 * Texts written by hand where the planner reads them: every sentence-like string and JSX text in
 * src/ outside the client (src/api, whose messages the walks above read through plannerError and whose
 * own words are Details). Left out, with why: the self-test's diagnostics and the .xlsx it builds (for
 * support), the deployment file's checks (they name the keys the administrator wrote), and a
 * developer's invariant.
 */
const NOT_A_PLANNERS: readonly string[] = [
  "src/excel/selftest/",
  "src/taskpane/deployment.ts",
  "src/taskpane/services.tsx",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === "testing" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(f) && !/\.test\.|\.d\.ts$/.test(f) ? [p] : [];
  });
}

test("every text written by hand outside the client (the pane, sheets, cells, status lines) is in words", () => {
  const root = join(__dirname, "..");
  const wrong: string[] = [];
  let seen = 0;
  for (const file of sourceFiles(join(root, "src"))) {
    const name = relative(root, file);
    if (name.startsWith("src/api/") || NOT_A_PLANNERS.some((n) => name.startsWith(n))) continue;
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node))
        text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" … ");
      else if (ts.isJsxText(node)) text = node.text;
      // Words with a space between them: a sentence or a label, not a key, a path or a style.
      if (text && /[A-Za-z] [A-Za-z(]/.test(text) && !ts.isImportDeclaration(node.parent)) {
        seen++;
        const found = serviceWordsIn(text);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        if (found.length) wrong.push(`${name}:${line}: ${found.join(", ")} in "${text.slice(0, 120)}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(seen).toBeGreaterThan(800);
  expect(wrong).toEqual([]);
});
