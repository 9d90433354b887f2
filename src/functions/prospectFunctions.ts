/**
 * ADS.PROSPECTS (issue #48): the Prospects sheet's ranking spilled into cells, with a Score column
 * computed with the sheet's starting weights. One held answer for the call, counted before it is
 * sent as a request a seed and one a candidate (the spend gate asks above the planner's limit).
 */
import {
  prospectParamsSchema,
  prospectMostRequests,
  prospectTable,
  type ProspectParams,
} from "../reports/prospects";
import { fetchProspectShows } from "../runtime/prospectsSource";
import { formatted, PERCENT_FORMAT } from "../runtime/numberShape";
import * as arg from "./args";
import type { Arg } from "./args";
import { badArgument } from "./functionError";
import type { FunctionKit } from "./functionKit";
import type { Cell, Grid } from "./shapes";

/** The arguments read and checked before any request; a bad one names itself. */
function paramsOf(args: {
  advertisers: Arg;
  seedShows: Arg;
  count?: Arg;
  minListeners?: Arg;
  maxAdLoad?: Arg;
  maxContentRisk?: Arg;
  competitors?: Arg;
}): ProspectParams {
  const checked = prospectParamsSchema.safeParse({
    advertisers: arg.nameList(args.advertisers, "advertisers"),
    seeds: arg.nameList(args.seedShows, "seedShows"),
    count: arg.optionalInt(args.count, "count", 1, 100),
    minListeners: arg.optionalInt(args.minListeners, "minListeners", 0, 1e9),
    maxAdLoad:
      args.maxAdLoad === undefined || args.maxAdLoad === null || args.maxAdLoad === ""
        ? undefined
        : Number(args.maxAdLoad),
    maxContentRisk: arg.optionalText(args.maxContentRisk, "maxContentRisk")?.toLowerCase(),
    competitors: arg.optionalList(args.competitors, "competitors"),
  });
  if (!checked.success) throw badArgument("arguments", checked.error.issues[0]?.message ?? "not valid");
  return checked.data;
}

/** The ranking as a grid: its header, then each row with its score; percentages as formatted fractions. */
function grid(table: ReturnType<typeof prospectTable>): Grid {
  const { columns, rows } = table.table;
  return [
    [...columns.map((c) => c.name), "Score"],
    ...rows.map((row, i) => [
      ...row.map((v, j): Cell =>
        v === null
          ? ""
          : columns[j].kind === "percent" && typeof v === "number"
            ? formatted(v, PERCENT_FORMAT)
            : v,
      ),
      Math.round(table.scores[i]),
    ]),
  ];
}

export function prospectFunctions(kit: FunctionKit) {
  return {
    PROSPECTS: (
      advertisers: Arg,
      seedShows: Arg,
      count?: Arg,
      minListeners?: Arg,
      maxAdLoad?: Arg,
      maxContentRisk?: Arg,
      competitors?: Arg,
      signal?: AbortSignal,
    ) =>
      kit.guarded("PROSPECTS", async () => {
        const p = paramsOf({
          advertisers,
          seedShows,
          count,
          minListeners,
          maxAdLoad,
          maxContentRisk,
          competitors,
        });
        const client = kit.connected();
        const shows = await kit.cached(
          client,
          `prospects|${JSON.stringify([p.advertisers, p.seeds, p.count, p.months ?? null])}`,
          // Counted by the gate as an upper bound (seeds and count), as every function call not held is.
          (s) => fetchProspectShows(client, p, s, () => Promise.resolve(true)),
          signal,
          prospectMostRequests(p),
        );
        return grid(prospectTable(shows, p));
      }),
  };
}
