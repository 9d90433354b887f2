/** Add to plan's advertiser: the sheet's only one, or the one the planner names among several. */
import { addedText, planAdvertiser } from "./prospectActions";

test("one advertiser on the sheet: it, with nothing typed", () => {
  expect(planAdvertiser(["Acme Mattress"])).toBe("Acme Mattress");
});

test("several: the one typed (any case), written as the sheet spells it; none typed or another is refused in words", () => {
  const sheet = ["Acme Mattress", "Globex Bank"];
  expect(planAdvertiser(sheet, " globex bank ")).toBe("Globex Bank");
  expect(() => planAdvertiser(sheet)).toThrow(
    'This sheet is for Acme Mattress, Globex Bank: type which one the plan rows are for in "Plan rows for", then choose Add selected prospects to plan again. Nothing was added.',
  );
  expect(() => planAdvertiser(sheet, "Initech")).toThrow(/Initech is not one of this sheet's advertisers/);
});

test("issue 57: after Add to plan the message names the Campaigns tab's button as labelled (Validate), never Check plan", () => {
  const text = addedText(2, { sheetName: "Campaign plan", rows: [5, 6] }, "Acme Mattress");
  expect(text).toMatch(/^2 shows added to Campaign plan for Acme Mattress \(rows 5–6\): /);
  expect(text).toMatch(/then choose Validate on the Campaigns tab\.$/);
  expect(text).not.toMatch(/Check plan/);
});
