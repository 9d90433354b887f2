/**
 * A refused refresh changes nothing but the add-in's own status line, which says the refresh failed
 * (issue 39): the property tests compare everything else, and check the line with this.
 */
import { dataParts, FAILED_PREFIX } from "../../reports/statusLine";

/** `after` is `before` said as failed: "Refresh failed <when>: <why>; the data is from … · <what before said of the data>". */
export function saysFailedOver(before: unknown, after: unknown): boolean {
  if (typeof before !== "string" || typeof after !== "string" || !after.startsWith(FAILED_PREFIX))
    return false;
  const rest = dataParts(before).join(" · ");
  return /; (the data is from|the sheet has not been refreshed yet)/.test(after) && after.endsWith(rest);
}

export const isFailedLine = (value: unknown): boolean =>
  typeof value === "string" && value.startsWith(FAILED_PREFIX);
