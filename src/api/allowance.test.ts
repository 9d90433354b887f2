import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  MONTHLY_LIMIT_MESSAGE,
  RateLimitError,
  RequestValidationError,
  ServerError,
  TimeoutError,
  errorFromResponse,
} from "./errors";
import { spentAllowance } from "./allowance";

const E = "GET /api/public/episode/search";
const refusal = (status: number, message: string) =>
  errorFromResponse(status, JSON.stringify({ message }), { endpoint: E });

test("a key the service did not accept, or an account with nothing to spend, spent nothing", () => {
  expect(spentAllowance(refusal(403, "Invalid token"))).toBe(false);
  expect(spentAllowance(refusal(403, "API access is disabled"))).toBe(false);
  expect(spentAllowance(refusal(403, "API limit is not configured"))).toBe(false);
  expect(spentAllowance(refusal(429, MONTHLY_LIMIT_MESSAGE))).toBe(false);
});

test("a request that never reached the service spent nothing", () => {
  expect(spentAllowance(new RequestValidationError("baseUrl", "http only on this computer", E))).toBe(false);
  expect(spentAllowance(new ConnectionError("Could not reach the service", E))).toBe(false);
});

test("a request the service took from a known account counts, whatever its answer", () => {
  expect(spentAllowance(new AuthenticationError("Forbidden", E, "forbidden"))).toBe(true);
  expect(spentAllowance(new RateLimitError("too many runs", E, "runs_in_progress"))).toBe(true);
  expect(spentAllowance(new BadRequestError("Invalid data", E, 400))).toBe(true);
  expect(spentAllowance(new ServerError("Internal server error", E, 500))).toBe(true);
  // No answer in time: it most likely arrived, so the allowance is taken as spent.
  expect(spentAllowance(new TimeoutError("No answer within 60 s", E))).toBe(true);
});
