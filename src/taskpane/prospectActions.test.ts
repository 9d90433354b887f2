/** Add to plan's advertiser: the sheet's only one, or the one the planner names among several. */
import { planAdvertiser } from "./prospectActions";

test("one advertiser on the sheet: it, with nothing typed", () => {
  expect(planAdvertiser(["Acme Mattress"])).toBe("Acme Mattress");
});

test("several: the one typed (any case), written as the sheet spells it; none typed or another is refused in words", () => {
  const sheet = ["Acme Mattress", "Globex Bank"];
  expect(planAdvertiser(sheet, " globex bank ")).toBe("Globex Bank");
  expect(() => planAdvertiser(sheet)).toThrow(
    'This sheet is for Acme Mattress, Globex Bank: type which one the plan rows are for in "Plan rows for", then Add to plan again. Nothing was added.',
  );
  expect(() => planAdvertiser(sheet, "Initech")).toThrow(/Initech is not one of this sheet's advertisers/);
});
