import { dashboardHeader, whoseData } from "./dashboardHeader";

test("issue 47: a Dashboard header says the report and whose data it is", () => {
  const h = (sheetName: string, params: Record<string, unknown>) =>
    dashboardHeader({ sheetName, kind: "estimatedSpendByDay", params });
  expect(h("Spend by day", { advertisers: ["Acme Mattress"] })).toBe("Spend by day · Acme Mattress");
  expect(h("Spend by day, Nov", { advertisers: ["Acme Mattress", "Northwind Coffee"] })).toBe(
    "Spend by day, Nov · Acme Mattress, Northwind Coffee",
  );
  // A set's sheet names its value already; one cut to Excel's 31 characters says its report in full.
  expect(h("Acme Mattress · Spend by day", { advertisers: ["Acme Mattress"] })).toBe(
    "Acme Mattress · Spend by day",
  );
  expect(h("Northwind Coffee · Spend by day", { advertisers: ["Northwind Coffee"] })).toBe(
    "Spend by day · Northwind Coffee",
  );
  expect(h("Search", {})).toBe("Search");
  expect(whoseData({ advertiser: "Acme Mattress, Globex Bank" })).toBe("Acme Mattress, Globex Bank");
});
