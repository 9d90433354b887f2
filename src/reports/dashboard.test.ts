import { canSummarise, DASHBOARD_LABELS, dashboardPlan } from "./dashboard";
import { PROSPECT_COLUMNS } from "./prospects";

const at = (label: string) => DASHBOARD_LABELS.indexOf(label);

test("each KPI reads the report's own column; a report without one shows –", () => {
  const [day, perf] = dashboardPlan([
    {
      sheetName: "By day",
      tableName: "By_day",
      headers: ["Day", "Spend", "Podcast & Streaming Impressions", "Reach"],
    },
    {
      sheetName: "Campaigns",
      tableName: "Campaigns",
      headers: [
        "Start date",
        "End date",
        "Spend",
        "Expected Impressions",
        "7d Impressions",
        "Impressions",
        "Convs.",
      ],
    },
  ]).columns;
  expect(day[at("Impressions")].value).toBe("=SUM(By_day[Podcast & Streaming Impressions])");
  expect(day[at("Conversions")].value).toBe("–");
  expect(day[at("Spend, last 7 days")].value).toBe(
    '=SUMIF(By_day[Day],">"&(MAX(By_day[Day])-7),By_day[Spend])-SUMIF(By_day[Day],">"&(MAX(By_day[Day])-0),By_day[Spend])',
  );
  // Not the booked or the 7-day figure: the delivered impressions.
  expect(perf[at("Impressions")].value).toBe("=SUM(Campaigns[Impressions])");
  expect(perf[at("From")].value).toBe("=MIN(Campaigns[Start date])");
  expect(perf[at("To")].value).toBe("=MAX(Campaigns[End date])");
  expect(perf[at("Conversions")].value).toBe("=SUM(Campaigns[Convs.])");
  expect(perf[at("Spend change")].value).toBe("–");
  expect(perf[at("CPM")].value).toBe('=IFERROR(SUM(Campaigns[Spend])/SUM(Campaigns[Impressions])*1000,"–")');
});

test("names with quotes and brackets are escaped as Excel writes them", () => {
  const [c] = dashboardPlan([
    { sheetName: 'Bob\'s "Q4"', tableName: "Q4", headers: ["Spend [net]"] },
  ]).columns;
  expect(c[at("Report")].value).toBe(`=HYPERLINK("#'Bob''s ""Q4""'!A1","Bob's ""Q4""")`);
  expect(c[at("Spend")].value).toBe("–");
  const [d] = dashboardPlan([{ sheetName: "S", tableName: "T", headers: ["Spend", "Impressions"] }]).columns;
  expect(d[at("Spend")].value).toBe("=SUM(T[Spend])");
});

test("issue 57: a report is offered for the Dashboard only where at least one KPI is a figure", () => {
  const prospects = PROSPECT_COLUMNS.map(([name]) => name);
  const spendByDay = ["Day", "Read Type", "Estimated Spend"];
  const reachOnly = ["Show", "Reach"];
  const reachByDay = ["Day", "Reach"];
  expect(canSummarise(prospects)).toBe(false);
  expect(canSummarise(spendByDay)).toBe(true);
  expect(canSummarise(reachOnly)).toBe(true);
  // Reach summed over days would count a listener once a day: the Dashboard shows none, so nothing to offer.
  expect(canSummarise(reachByDay)).toBe(false);
  // A period alone (From, To) is not a KPI.
  expect(canSummarise(["Start date", "End date", "Campaign"])).toBe(false);
  // The same answer as the plan's own column: every KPI of an unsummarisable report is "–".
  for (const headers of [prospects, spendByDay, reachOnly, reachByDay]) {
    const [column] = dashboardPlan([{ sheetName: "S", tableName: "T", headers }]).columns;
    const figures = column.slice(at("Spend")).filter((c) => c.value !== "–");
    expect(figures.length > 0).toBe(canSummarise(headers));
  }
});
