/** The Campaign plan panel's styles, shared by its parts (HeldCampaigns). */
import { makeStyles, tokens } from "@fluentui/react-components";

export const useCampaignPlanStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "240px", overflowY: "auto" },
  held: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});
