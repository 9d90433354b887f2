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
  const text = addedText([{}, {}], { sheetName: "Campaign plan", rows: [5, 6] }, "Acme Mattress");
  expect(text).toMatch(/^2 shows added to Campaign plan for Acme Mattress \(rows 5–6\): /);
  expect(text).toMatch(/then choose Validate on the Campaigns tab\.$/);
  expect(text).not.toMatch(/Check plan/);
});

test("issue 57: a seed's directory id was filled in, so Add to plan never says none is known for it", () => {
  const plan = { sheetName: "Campaign plan", rows: [2] };
  expect(addedText([{ directoryId: "1200000003" }], plan, "Acme Mattress")).toBe(
    "1 show added to Campaign plan for Acme Mattress (row 2): its service show id is in the plan's Service show id column, its directory id in iTunes or YouTube id: type each flight's type, dates and price, then choose Validate on the Campaigns tab.",
  );
  // Similar shows alone: none has a directory id, so the planner types the publisher or the id.
  expect(addedText([{}, {}], { sheetName: "Campaign plan", rows: [2, 3] }, "Acme Mattress")).toBe(
    "2 shows added to Campaign plan for Acme Mattress (rows 2–3): their service show ids are in the plan's Service show id column (no directory id is known for a similar show): type each flight's type, dates, price and publisher (or the show's directory id), then choose Validate on the Campaigns tab.",
  );
  // A seed and two similar shows: each said of the rows it is true of.
  const mixed = addedText(
    [{ directoryId: "1200000003" }, {}, {}],
    { sheetName: "Campaign plan", rows: [2, 4] },
    "Acme Mattress",
  );
  expect(mixed).toContain(
    "their service show ids are in the plan's Service show id column, the seed's directory id in iTunes or YouTube id (no directory id is known for a similar show): type each flight's type, dates and price, and a similar show's publisher (or its directory id), then",
  );
});
