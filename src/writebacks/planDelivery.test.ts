import { deliveryParamsFromPlan } from "./planDelivery";

const headers = ["name", "startDate", "endDate", "id"];

test("the created flights' ids and the period from the first start to the last end", () => {
  expect(
    deliveryParamsFromPlan({
      headers,
      rows: [
        ["A", 46357, 46387, "cmp-1"],
        ["B", "2026-11-20", "2027-01-15", " cmp-2 "],
        ["C", 46300, 46400, ""],
      ],
    }),
  ).toEqual({ campaignIds: "cmp-1, cmp-2", startDate: "2026-11-20", endDate: "2027-01-15" });
});

test("a plan not created yet, or not a plan, is said in words", () => {
  expect(deliveryParamsFromPlan({ headers, rows: [["A", 1, 2, null]] })).toEqual({
    none: expect.stringMatching(/Create the plan's campaigns first/),
  });
  expect(deliveryParamsFromPlan({ headers: ["name"], rows: [] })).toEqual({
    none: expect.stringMatching(/no Campaign id column/),
  });
});
