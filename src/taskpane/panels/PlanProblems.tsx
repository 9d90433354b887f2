/**
 * The plan's problems and warnings as a list whose every line takes the planner to its cell: choosing
 * "Row 6, End date: is before start date" selects that cell in the plan (Excel scrolls to it).
 */
import { Link } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import type { PlanCellRef } from "../../writebacks/planActions";
import { useCampaignPlanStyles } from "./campaignPlanStyles";

export interface PlanProblemsProps {
  problems: readonly string[];
  cells: readonly (PlanCellRef | null)[] | undefined;
  onGo(cell: PlanCellRef): void;
  /** Where the last choice went ("Selected F6"), or why it could not. */
  located: string | null;
}

export function PlanProblems({ problems, cells, onGo, located }: PlanProblemsProps): JSX.Element {
  const styles = useCampaignPlanStyles();
  return (
    <>
      <ul className={styles.problems} aria-label="Plan problems">
        {problems.map((p, i) => {
          const cell = cells?.[i];
          return (
            <li key={`${i}:${p}`}>
              {cell ? (
                <Link as="button" onClick={() => onGo(cell)} title="Go to this cell in the plan">
                  {p}
                </Link>
              ) : (
                p
              )}
            </li>
          );
        })}
      </ul>
      <Text role="status" aria-live="polite" data-testid="plan-located">
        {located ?? ""}
      </Text>
    </>
  );
}
