/**
 * One error class per family. Every error carries the endpoint it came from and, for HTTP
 * answers, the status and the service's own message.
 */

export class AdsError extends Error {
  /** The request's path as sent (its ids filled in, no query), when the error came from a request. */
  requestPath?: string;

  constructor(
    message: string,
    readonly endpoint: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request did not validate on the service ('Invalid data'). */
export class BadRequestError extends AdsError {}

export type AuthFailure =
  | "invalid_token"
  | "api_access_disabled"
  | "api_limit_not_configured"
  | "forbidden"
  | "agent_not_active"
  | "other";

/** 403: authentication and permission failures, told apart by the service's message. */
export class AuthenticationError extends AdsError {
  constructor(
    message: string,
    endpoint: string,
    readonly reason: AuthFailure,
  ) {
    super(message, endpoint, 403);
  }
}

export class NotFoundError extends AdsError {}

/**
 * What went wrong, as one clause without its full stop, for the Details part (errorWords.ts). A 5xx's
 * own words ("Unexpected error", "Internal server error", a proxy's page) name neither the request nor
 * its status: they are said with both.
 */
function causeText(err: AdsError): string {
  const text = err.message.replace(/\.$/, "");
  return err instanceof ServerError ? `The service failed on ${err.endpoint} (${err.status}): ${text}` : text;
}

/** 429: the monthly allowance, or (agent run start) too many runs in progress. Never retried. */
export class RateLimitError extends AdsError {
  constructor(
    message: string,
    endpoint: string,
    readonly kind: "monthly" | "runs_in_progress",
  ) {
    super(message, endpoint, 429);
  }
}

/** 5xx answers, including the report endpoints' 'Unexpected error'. */
export class ServerError extends AdsError {}

/** The service could not be reached (DNS, refused, reset, dropped). */
export class ConnectionError extends AdsError {}

export class TimeoutError extends AdsError {}

export class AbortedError extends AdsError {}

/**
 * A request that spends the monthly allowance failed after it may have reached the service (the
 * connection dropped, the answer stalled, or a 5xx came back). It is not sent again by itself, so
 * one question never costs twice: the planner chooses Try again. `cause` is what went wrong.
 */
export class MaybeCountedError extends AdsError {
  constructor(
    override readonly cause: AdsError,
    readonly what = "The request may have reached the service and counted against the monthly allowance",
  ) {
    super(
      `${what}: ${causeText(cause)}. The add-in did not send it again, so as not to count it twice; choose Try again to ask once more.`,
      cause.endpoint,
      cause.status,
    );
  }
}

/** Bad input caught before sending: names the field. */
export class RequestValidationError extends AdsError {
  constructor(
    readonly field: string,
    message: string,
    endpoint: string,
  ) {
    super(message, endpoint);
  }
}

/** The service answered something the spec does not allow: names the endpoint and the field. */
export class ResponseValidationError extends AdsError {
  constructor(
    readonly field: string,
    message: string,
    endpoint: string,
  ) {
    super(`Unexpected answer from ${endpoint}: ${message}`, endpoint);
  }
}

/** A task or agent run reported a status the spec does not list, or failed. */
export class TaskFailedError extends AdsError {}
export class UnknownStatusError extends AdsError {}

export const MONTHLY_LIMIT_MESSAGE = "Monthly request limit exceeded. Please contact support.";

const AUTH_MESSAGES: Record<string, AuthFailure> = {
  "Invalid token": "invalid_token",
  "API access is disabled": "api_access_disabled",
  "API limit is not configured": "api_limit_not_configured",
  Forbidden: "forbidden",
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request data",
  403: "Refused by the service: this key may not do this",
  404: "Not found",
  410: "Gone",
  429: "Too many requests",
  500: "Internal server error",
  502: "Bad gateway",
  503: "Service unavailable",
  504: "Gateway timeout",
};

/** Renders the service's message, which may be text or (the 'Unexpected error' body) an object. */
function renderMessage(message: unknown): string {
  if (typeof message === "string") return message;
  if (message === null || message === undefined) return "";
  if (typeof message === "object") {
    const entries = Object.entries(message as Record<string, unknown>);
    if (entries.length === 0) return "Unexpected error";
    return entries.map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join("; ");
  }
  return String(message);
}

/** The longest service message an error carries; a longer one is cut and marked. */
const MAX_MESSAGE_CHARS = 1000;
export const TRUNCATED_MARKER = "…[truncated]";

/** Cuts a message to MAX_MESSAGE_CHARS (marker included), so it fits a cell, a toast and a log line. */
function capMessage(text: string): string {
  return text.length > MAX_MESSAGE_CHARS
    ? `${text.slice(0, MAX_MESSAGE_CHARS - TRUNCATED_MARKER.length)}${TRUNCATED_MARKER}`
    : text;
}

/** Extracts the message from an error body: JSON {message}, plain text, or empty; capped. */
function messageFromBody(body: string): string {
  const text = body.trim();
  if (!text) return "";
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      return capMessage(renderMessage((parsed as { message: unknown }).message));
    }
    if (typeof parsed === "string") return capMessage(parsed);
  } catch {
    /* plain text */
  }
  return capMessage(text);
}

export interface ErrorContext {
  endpoint: string;
  /** The agent run start, where empty 403/429 bodies have their own meaning. */
  agentRunStart?: boolean;
}

/** Maps an HTTP error answer to its error class. */
export function errorFromResponse(status: number, body: string, ctx: ErrorContext): AdsError {
  const message = messageFromBody(body);
  const fallback = STATUS_TEXT[status] ?? `HTTP ${status}`;
  const text = message || fallback;
  const { endpoint } = ctx;
  if (status === 400) return new BadRequestError(message || "Invalid data", endpoint, status);
  if (status === 401 || status === 403) {
    const reason = AUTH_MESSAGES[message];
    if (reason) return new AuthenticationError(message, endpoint, reason);
    if (!message && ctx.agentRunStart)
      return new AuthenticationError("The agent is not active", endpoint, "agent_not_active");
    return new AuthenticationError(text, endpoint, "other");
  }
  if (status === 404) return new NotFoundError(text, endpoint, status);
  if (status === 429) {
    if (message === MONTHLY_LIMIT_MESSAGE || /monthly/i.test(message))
      return new RateLimitError(message, endpoint, "monthly");
    if (ctx.agentRunStart)
      return new RateLimitError(
        message || "Too many of your agent runs are in progress",
        endpoint,
        "runs_in_progress",
      );
    return new RateLimitError(text, endpoint, "monthly");
  }
  if (status >= 500) return new ServerError(text, endpoint, status);
  return new AdsError(text, endpoint, status);
}
