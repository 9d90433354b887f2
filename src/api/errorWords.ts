/**
 * An error as a planner reads it: a sentence about what the planner did ("checking the report's
 * progress", "reading show 1200000001"), what went wrong and what to do; the request's method, path,
 * status and the service's own words kept apart as Details (shown collapsed, copied for support); and
 * whether trying again is safe. The error classes keep their technical message (errors.ts): it is
 * what Details shows.
 */
import {
  AbortedError,
  AdsError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  MaybeCountedError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TaskFailedError,
  TimeoutError,
  UnknownStatusError,
  type AuthFailure,
} from "./errors";
import { closeNames } from "./closeNames";
import { fieldLabel } from "./fieldLabels";

export interface PlannerError {
  /** What failed, in the planner's words, and what to do next. */
  message: string;
  /** The request's method and path, status, ids and the service's words: for support, never the lead. */
  details?: string;
  /** Trying again is safe: it spends nothing, or what failed was not counted twice by asking again. */
  tryAgain: boolean;
}

/** What the planner asked for, told to a refusal that needs it (the advertisers a key may not see). */
export interface PlannerContext {
  advertisers?: readonly string[];
  /** Advertiser names the workbook knows (its reports, sets, plans, recently used): close ones are offered. */
  knownAdvertisers?: readonly string[];
  /** This key has had individual ads answered: its account is Pro, so a refusal there is the name's. */
  proSeen?: boolean;
}

/** A request's endpoint ("GET /api/public/series/episodes/{id}") as what the planner was doing. */
const ACTIONS: readonly [RegExp, (id: string | undefined, m: RegExpMatchArray) => string][] = [
  [/file-processor\/status/, () => "checking the report's progress"],
  [/agent-runs\/.*\/status/, () => "checking the agent run's progress"],
  [/ai-chat\/agents\/.*\/runs/, () => "starting the agent run"],
  [/^GET \{downloadUrl of (.*)\}$/, (_, m) => `downloading the agent's file ${m[1]}`],
  [/series\/episodes/, (id) => (id ? `reading show ${id}` : "reading the show")],
  [/episode\/search/, () => "searching episodes"],
  [/individual-ads/, () => "asking for individual ads"],
  [/incrementality/, () => "asking for the incrementality estimate"],
  [/^POST \/api\/public\/campaign$/, () => "creating the campaign"],
  [/users\/advertisers\/invite/, () => "inviting the advertiser's user"],
  [/^POST \/api\/public\/advertisers$/, () => "creating the advertiser"],
  [/impression-listeners/, () => "starting the listener IDs report"],
  [/^POST \//, () => "starting the report"],
  [/^GET /, () => "downloading the report"],
];

/** The id in a request's path where its endpoint has `{id}`. */
function idOf(err: AdsError): string | undefined {
  if (!err.requestPath || !err.endpoint.includes("{id}")) return undefined;
  const last = err.requestPath.split("/").pop();
  return last ? decodeURIComponent(last) : undefined;
}

/** "checking the report's progress"; null for a check made before any request. */
function requestAction(err: AdsError): string | null {
  for (const [pattern, say] of ACTIONS) {
    const m = err.endpoint.match(pattern);
    if (m) return say(idOf(err), m);
  }
  return null;
}

/** Requests that create something: a failure after sending may have created it, so never Try again. */
const CREATES =
  /^POST \/api\/public\/(campaign|advertisers|users\/advertisers\/invite|ai-chat\/agents\/.*\/runs)$/;

/** camelCase and snake_case words: the service's field names. iTunes is a name, not a field. */
const IDENTIFIER =
  /\b(?!iTunes\b|iOS\b)[a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** A text with the service's field names in words ("itunesId must be…" → "iTunes id must be…"). */
export function plainWords(text: string): string {
  // A list's item as zod's path names it (`fields[0]: …`) reads "Fields, item 1: …".
  const items = text.replace(
    /\b([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]/g,
    (_m, name: string, at: string) => `${fieldLabel(name)}, item ${Number(at) + 1}`,
  );
  return items.replace(IDENTIFIER, (name, at: number) => {
    const label = fieldLabel(name);
    const start = at === 0 || /[.:!?]\s*$/.test(items.slice(0, at));
    if (start || /^[A-Z]{2}|^i[A-Z]/.test(label)) return label;
    return label.charAt(0).toLowerCase() + label.slice(1);
  });
}

const during = (err: AdsError) => {
  const action = requestAction(err);
  return action ? ` while ${action}` : "";
};

const ASK = "Ask whoever manages your account.";

const REFUSALS: Record<Exclude<AuthFailure, "forbidden" | "other">, string> = {
  invalid_token: `The service does not know this API key. Check the key, or ask whoever manages your account for one.`,
  api_access_disabled: `API access is turned off for this key's account. Ask whoever manages your account to turn it on.`,
  api_limit_not_configured: `This key's account has no monthly request allowance set up yet, so the service takes no requests. ${ASK}`,
  agent_not_active: `This agent is not active. Choose another agent, or ask whoever manages your account.`,
};

/**
 * A 403 "Forbidden" on a request that names advertisers: the service answers the same for a name it
 * does not know (misspelled) and one the key's account may not see, so both are said, with the close
 * names the workbook knows (closeNames.ts). Individual ads also need a Pro account: said unless this
 * key has had individual ads answered (then it is Pro, and the name is the cause).
 */
function forbidden(err: AdsError, ctx: PlannerContext): string {
  const names = ctx.advertisers?.filter((a) => a.trim()) ?? [];
  const close = names
    .map((n) => ({ n, near: closeNames(n, ctx.knownAdvertisers ?? []) }))
    .filter((c) => c.near.length);
  const which =
    names.length === 1
      ? `the advertiser ${names[0]}: the name may be misspelled, or not an advertiser this key's account may see`
      : names.length > 1
        ? `at least one of the advertisers asked for (${names.join(", ")}): a name may be misspelled, or not an advertiser this key's account may see`
        : "the advertiser asked for: its name may be misspelled, or not an advertiser this key's account may see";
  const meant =
    names.length === 1 && close.length
      ? ` Did you mean ${close[0].near.length === 1 ? close[0].near[0] : `one of ${close[0].near.join(", ")}`}?`
      : close.length
        ? ` Close names this workbook knows: ${close.map((c) => `${c.n}, ${c.near.join(" or ")}`).join("; ")}.`
        : "";
  const individual = /individual-ads/.test(err.endpoint) && !ctx.proSeen;
  // A name the workbook itself knows, exactly, is not misspelled: then the account's Pro is the doubt.
  if (individual && names.length === 1 && ctx.knownAdvertisers?.includes(names[0]))
    return `This key may not see the individual ads of the advertiser ${names[0]}: they need a Pro account with API access and an advertiser this key's account can see. Check the advertiser, or ask whoever manages your account.`;
  const pro = individual ? " Individual ads also need a Pro account with API access." : "";
  const next =
    names.length > 1
      ? "Check the names (ask for one at a time to find which), or ask"
      : "Check the spelling, or ask";
  return `The service refused ${which} (it answers the same for both).${meant}${pro} ${next} whoever manages your account for access.`;
}

function refusal(err: AuthenticationError, ctx: PlannerContext): string {
  if (err.reason === "forbidden") return forbidden(err, ctx);
  if (err.reason === "other") return `The service refused this key${during(err)}: it may not do this. ${ASK}`;
  return REFUSALS[err.reason];
}

/** A timeout's limit and its length, as the client's message names them. */
function timeoutWords(err: TimeoutError): string {
  const text = err.message;
  const stall = /(?:for|nothing for) (\d+(?:\.\d+)? (?:s|min))/.exec(text);
  if (/no-progress limit/.test(text))
    return `The service stopped answering${during(err)}: nothing came for ${stall?.[1] ?? "too long"} (your no-progress limit, on the Connect tab)`;
  const within = /within (\d+(?:\.\d+)? (?:s|min))/.exec(text);
  if (/request deadline/.test(text))
    return `The service did not finish answering${during(err)} within ${within?.[1] ?? "the time allowed"} (your request deadline, on the Connect tab)`;
  if (/^Still /.test(text))
    return `The service was still preparing it when the add-in stopped waiting${during(err)}`;
  return `The service took too long${during(err)}`;
}

/** The sentence, without what to do next. */
function cause(err: AdsError, ctx: PlannerContext): string {
  if (err instanceof AuthenticationError) return refusal(err, ctx);
  if (err instanceof ServerError) return `The service failed${during(err)}`;
  if (err instanceof ConnectionError)
    return /^The connection dropped/.test(err.message)
      ? `The connection dropped${during(err)}`
      : `Could not reach the service${during(err)}`;
  if (err instanceof TimeoutError) return timeoutWords(err);
  if (err instanceof ResponseValidationError)
    return `The service's answer${during(err)} was not what the add-in expects, so nothing was written`;
  if (err instanceof TaskFailedError) return `The service could not prepare the report (it gives no reason)`;
  if (err instanceof UnknownStatusError)
    return `The service reported a state the add-in does not know${during(err)}`;
  if (err instanceof BadRequestError)
    return `The service did not accept the values sent${during(err)}${err.message && err.message !== "Invalid data" ? `: ${plainWords(err.message)}` : ""}`;
  if (err instanceof NotFoundError) {
    const action = requestAction(err);
    return action ? `The service does not know what was asked for while ${action}` : plainWords(err.message);
  }
  if (err instanceof RateLimitError)
    return err.kind === "runs_in_progress"
      ? "Too many of your agent runs are in progress. Wait for one to finish, then start again"
      : "This key has no requests left this month. Ask whoever manages your account to raise the allowance";
  if (err instanceof AbortedError) return "Cancelled";
  return plainWords(err.message);
}

const full = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The service error a failure carries: itself, or the cause a wrapper (a sheet's refresh) keeps. */
function serviceErrorOf(err: unknown): AdsError | null {
  for (let e = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if (e instanceof AdsError) return e;
  return null;
}

/** Whether asking again is safe: a passing failure of a request that creates nothing. */
export function canTryAgain(failure: unknown): boolean {
  const err = serviceErrorOf(failure);
  if (err instanceof MaybeCountedError) return true;
  if (!(err instanceof AdsError) || CREATES.test(err.endpoint)) return false;
  return (
    err instanceof ServerError ||
    err instanceof ConnectionError ||
    err instanceof TimeoutError ||
    err instanceof ResponseValidationError ||
    err instanceof TaskFailedError
  );
}

/** The Details part: the request as support reads it, and the service's (or the client's) own words. */
export function errorDetails(failure: unknown): string | undefined {
  const err = serviceErrorOf(failure);
  if (!err) return undefined;
  const inner = err instanceof MaybeCountedError ? err.cause : err;
  if (inner instanceof AbortedError) return undefined;
  if (inner instanceof RequestValidationError) return `${inner.field}: ${inner.message}`;
  const path = inner.requestPath ? `${inner.endpoint.split(" ")[0]} ${inner.requestPath}` : inner.endpoint;
  const where = inner.endpoint === "client" ? "" : `${path}${inner.status ? ` (${inner.status})` : ""}: `;
  return `${where}${inner.message}`;
}

/** What went wrong, as one sentence without what to do next (a cell says what to do its own way). */
export function plannerCause(err: AdsError, ctx: PlannerContext = {}): string {
  return full(cause(err, ctx));
}

/** An error as the planner reads it (see the module's comment). */
export function plannerError(err: unknown, ctx: PlannerContext = {}): PlannerError {
  if (!(err instanceof AdsError))
    return { message: err instanceof Error ? err.message : String(err), tryAgain: false };
  const details = errorDetails(err);
  if (err instanceof RequestValidationError)
    return { message: full(plainWords(err.message)), details, tryAgain: false };
  if (err instanceof MaybeCountedError) {
    const what = plainWords(err.what);
    return {
      message: `${full(`${cause(err.cause, ctx)}. ${what}`)} The add-in did not send it again, so as not to count it twice; choose Try again to ask once more.`,
      details,
      tryAgain: true,
    };
  }
  const tryAgain = canTryAgain(err);
  const passing = err instanceof ServerError || err instanceof ConnectionError || err instanceof TimeoutError;
  const next =
    passing && CREATES.test(err.endpoint)
      ? " It may have been made all the same: check on the service before asking again."
      : err instanceof ServerError
        ? " Try again in a few minutes."
        : tryAgain
          ? err instanceof ResponseValidationError
            ? " Try again; if it happens again, copy the Details for support."
            : " Check your connection, then try again."
          : err instanceof NotFoundError && requestAction(err)
            ? " Check the id or name, then ask again."
            : err instanceof BadRequestError
              ? " Check the values, then ask again."
              : "";
  return { message: `${full(cause(err, ctx))}${next}`, details, tryAgain };
}

/** The planner's sentence alone: for a cell's error, a toast, a sheet's status line. */
export function plannerMessage(err: unknown, ctx: PlannerContext = {}): string {
  return plannerError(err, ctx).message;
}

/**
 * Whether a failure is the service refusing an advertiser (a 403 "Forbidden" on a request): the
 * one refusal whose words need what the planner asked for and the names the workbook knows.
 */
export function refusedAdvertiser(failure: unknown): boolean {
  const err = serviceErrorOf(failure);
  return err instanceof AuthenticationError && err.reason === "forbidden";
}
