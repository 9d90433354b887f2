import { renameColumnInFormula as rename } from "./renameColumn";

test.each([
  ["=SUM(Sales[reach])", "=SUM(Sales[Reach])"],
  ["=[@reach]*2", "=[@Reach]*2"],
  ["=[@[reach]]*2", "=[@Reach]*2"],
  ["=Sales[[#This Row],[reach]]", "=Sales[[#This Row],[Reach]]"],
  ["=SUM(Sales[[reach]:[d15]])", "=SUM(Sales[[Reach]:[d15]])"],
  ['=IF(A1="[@reach]",Sales[reach],0)', '=IF(A1="[@reach]",Sales[Reach],0)'],
  ["=SUM(Other[reach])", "=SUM(Other[reach])"],
])("%s → %s", (before, after) => {
  expect(rename(before, "Sales", true, "reach", "Reach")).toBe(after);
});

test("names with spaces and specials get the brackets Excel writes", () => {
  expect(rename("=[@d15]/[@reach]", "T", true, "d15", "RSS impressions in 15 days")).toBe(
    "=[@[RSS impressions in 15 days]]/[@reach]",
  );
  expect(rename("=SUM(T[d15])", "T", false, "d15", "RSS impressions in 15 days")).toBe(
    "=SUM(T[RSS impressions in 15 days])",
  );
  expect(rename("=SUM(T[d15])", "T", false, "d15", "Spend, all")).toBe("=SUM(T[[Spend, all]])");
  expect(rename("=SUM(T[d15])", "T", false, "d15", "Q[1]#")).toBe("=SUM(T[[Q'[1']'#]])");
});

test("an unqualified reference outside the table is not the table's", () => {
  expect(rename("=[@reach]", "Sales", false, "reach", "Reach")).toBe("=[@reach]");
});
