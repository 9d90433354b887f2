import { checkServiceOverride } from "./serviceAddress";
import type { Deployment } from "./deployment";

const deployed: Deployment = {
  version: "1.0.0",
  local: false,
  serviceUrl: "https://api.example.test",
  approvedServiceUrls: [],
};

test("without an approved list any https address is accepted, normalised", () => {
  expect(checkServiceOverride(" https://staging.example.test/v1/ ", deployed)).toEqual({
    ok: true,
    url: "https://staging.example.test/v1",
  });
});

test("a deployable build refuses plain http and non-addresses, naming the field", () => {
  const http = checkServiceOverride("http://staging.example.test", deployed);
  expect(http).toEqual({ ok: false, error: expect.stringMatching(/^Service address: .*https/) });
  expect(checkServiceOverride("staging", deployed)).toEqual({
    ok: false,
    error: expect.stringMatching(/^Service address: "staging" is not a web address/),
  });
  expect(checkServiceOverride("", deployed)).toEqual({
    ok: false,
    error: expect.stringMatching(/^Service address: enter/),
  });
  expect(checkServiceOverride("https://u:p@api.example.test", deployed).ok).toBe(false);
  expect(checkServiceOverride("https://api.example.test/?key=1", deployed).ok).toBe(false);
});

test("with an approved list only those (and the configured service) are accepted", () => {
  const d = { ...deployed, approvedServiceUrls: ["https://eu.example.test"] };
  expect(checkServiceOverride("https://eu.example.test/", d)).toEqual({
    ok: true,
    url: "https://eu.example.test",
  });
  expect(checkServiceOverride("https://api.example.test", d).ok).toBe(true);
  const other = checkServiceOverride("https://evil.example.test", d);
  expect(other).toEqual({
    ok: false,
    error: expect.stringContaining("not one your administrator approved"),
  });
  expect(other.ok === false && other.error).toContain("https://eu.example.test");
});

test("a local build leaves plain http to the client's own rule (loopback only)", () => {
  const local = { ...deployed, local: true, serviceUrl: "http://127.0.0.1:4010" };
  expect(checkServiceOverride("http://127.0.0.1:5000", local)).toEqual({
    ok: true,
    url: "http://127.0.0.1:5000",
  });
  expect(checkServiceOverride("ftp://127.0.0.1", local)).toEqual({
    ok: false,
    error: expect.stringMatching(/^Service address: .*https/),
  });
});
