/** The Agents panel's styles, shared by its parts (parameters, run buttons, the run's result). */
import { makeStyles, tokens } from "@fluentui/react-components";

export const useAgentsStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  // "Parameter n" with its Remove button, then Name and Value: side by side where each gets at least
  // 150 px (a 450 px pane), one under the other in a narrower one, so neither input is ever cramped.
  pair: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
  pairHead: {
    gridColumn: "1 / -1",
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  pairField: { display: "flex", flexDirection: "column", minWidth: 0 },
  files: { listStyleType: "none", padding: 0, margin: 0 },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "center" },
  file: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "center",
    justifyContent: "space-between",
  },
});
