/**
 * The functions' runtime recalculates the workbook when a connection starts or changes, so cells that
 * said "Not connected" (or showed another account's answers) ask again by themselves; signing out
 * leaves the cells as they are.
 */
import { setConnection } from "../runtime/session";

const calculations: string[] = [];
beforeAll(() => {
  const context = {
    workbook: { application: { calculate: (kind: string) => calculations.push(kind) } },
    sync: () => Promise.resolve(),
  };
  (globalThis as Record<string, unknown>).Excel = {
    run: (batch: (c: typeof context) => Promise<unknown>) => batch(context),
  };
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>).Excel;
  setConnection(null);
});

test("connecting, or another key, recalculates in full; signing out does not", async () => {
  await import("./runtime");
  const settle = () => new Promise((r) => setTimeout(r, 0));
  setConnection({ apiKey: "demo-pro", baseUrl: "http://127.0.0.1:4010" });
  await settle();
  expect(calculations).toEqual(["Full"]);
  setConnection({ apiKey: "demo-basic", baseUrl: "http://127.0.0.1:4010" });
  await settle();
  expect(calculations).toEqual(["Full", "Full"]);
  setConnection(null);
  await settle();
  expect(calculations).toEqual(["Full", "Full"]);
});
