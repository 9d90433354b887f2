import { daiRow, planSheet } from "./testing/planFixtures";
import { groupCampaigns } from "./planGroup";
import { checkPlan } from "./planValidate";

describe("groupCampaigns", () => {
  it("makes rows that share every campaign field flights of one campaign, in row order", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow({ cpm: 10 }),
        daiRow({ name: "Summer", cpm: 30 }),
        daiRow({ cpm: 20, startDate: "2025-04-01", endDate: "2025-04-30" }),
        // Same campaign written differently: spacing in lists and units does not split it.
        daiRow({ cpm: 40, tags: " q1 ,audio", expectedUnits: "pre:30,mid:60" }),
      ]),
    );
    const groups = groupCampaigns(rows);
    expect(groups.map((g) => g.rows)).toEqual([[0, 2, 3], [1]]);
    expect(groups[0].body.flights.map((f) => f.cpm)).toEqual([10, 20, 40]);
    expect(groups[0].body).toMatchObject({ name: "Spring", advertiser: "Acme", tags: ["q1", "audio"] });
    expect(groups[1].body.flights).toHaveLength(1);
  });

  it("splits campaigns on any campaign field and leaves out created or invalid rows", () => {
    const { rows } = checkPlan(
      planSheet([
        daiRow(),
        daiRow({ geo: "US" }),
        daiRow({ id: "already" }),
        daiRow({ cpm: "x" }),
        daiRow({ cpm: 99 }),
      ]),
    );
    expect(groupCampaigns(rows).map((g) => g.rows)).toEqual([[0, 4], [1]]);
  });
});
