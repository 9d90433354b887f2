/**
 * The ADS.* functions as plain async functions, independent of the CustomFunctions runtime so the
 * browser preview and the tests call the very same code. Arguments are checked first (no request on
 * bad input); service answers go through the shared RequestCache. The functions are written in
 * groups (showFunctions.ts, searchFunctions.ts) over one kit (functionKit.ts).
 */
import * as arg from "./args";
import type { Arg } from "./args";
import { badArgument } from "./functionError";
import { functionKit, type FunctionDeps } from "./functionKit";
import { searchFunctions } from "./searchFunctions";
import { showFunctions } from "./showFunctions";
import { cardFunctions } from "./cardFunctions";
import { prospectFunctions } from "./prospectFunctions";
import { deliveryFunctions } from "./deliveryFunctions";
import { SELF_TEST_CARD, SELF_TEST_KINDS, selfTestGrid, type SelfTestKind } from "../runtime/selfTestValues";
import { selfTestCard } from "./cards/selfTestCard";
import type { Cell } from "./shapes";

export { NOT_CONNECTED } from "./functionKit";

export function createAdsFunctions(deps: FunctionDeps) {
  const kit = functionKit(deps);
  return {
    ...showFunctions(kit),
    ...searchFunctions(kit),
    ...cardFunctions(kit),
    ...prospectFunctions(kit),
    ...deliveryFunctions(kit),

    /** The self-test's own function: a grid of labels, no request and no key (src/excel/selftest). */
    SELFTEST: (
      rows?: Arg,
      cols?: Arg,
      kind?: Arg,
      _signal?: AbortSignal,
    ): Promise<(Cell | Excel.EntityCellValue)[][]> => {
      const k = String(kind ?? "text").toLowerCase();
      // The card: one cell, an entity value (its title as text where this Excel shows no data types).
      if (k === "card")
        return kit
          .guardedCard("SELFTEST", async (_system, numbers) =>
            numbers ? selfTestCard(numbers) : SELF_TEST_CARD.title,
          )
          .then((card) => [[card]]);
      return kit.guarded("SELFTEST", async () => {
        const r = arg.optionalInt(rows, "rows", 1, 100) ?? 3;
        const c = arg.optionalInt(cols, "cols", 1, 26) ?? 2;
        const kindName = (arg.optionalText(kind, "kind")?.toLowerCase() ?? "text") as SelfTestKind;
        if (!SELF_TEST_KINDS.includes(kindName) || kindName === "card")
          throw badArgument("kind", `must be one of ${SELF_TEST_KINDS.join(", ")}`);
        return selfTestGrid(r, c, kindName);
      });
    },
  };
}

export type AdsFunctions = ReturnType<typeof createAdsFunctions>;
