import {
  countRequest,
  getConnection,
  isRemembered,
  requestsThisMonth,
  resetSession,
  setConnection,
} from "./session";

const store = new Map<string, string>();
beforeAll(() => {
  (
    globalThis as unknown as { localStorage: Pick<Storage, "getItem" | "setItem" | "removeItem"> }
  ).localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => void store.set(k, v),
    removeItem: (k) => void store.delete(k),
  };
});
beforeEach(() => resetSession());

test("the counter counts this month's requests and starts again next month", () => {
  countRequest("functions", new Date(2026, 10, 5));
  countRequest("reports", new Date(2026, 10, 20));
  expect(requestsThisMonth(new Date(2026, 10, 21))).toBe(2);
  expect(requestsThisMonth(new Date(2026, 11, 1))).toBe(0);
  countRequest("writebacks", new Date(2026, 11, 1));
  expect(requestsThisMonth(new Date(2026, 11, 2))).toBe(1);
});

test("the key is remembered only when asked, and forgotten on sign out", () => {
  setConnection({ apiKey: "demo-pro", baseUrl: "http://127.0.0.1:4010" });
  expect(isRemembered()).toBe(false);
  expect([...store.values()].join()).not.toContain("demo-pro");
  setConnection({ apiKey: "demo-pro", baseUrl: "http://127.0.0.1:4010" }, { remember: true });
  expect(isRemembered()).toBe(true);
  setConnection(null);
  expect(isRemembered()).toBe(false);
  expect(getConnection()).toBeNull();
});
