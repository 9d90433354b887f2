/**
 * What the pane's monthly counter counts: the rule lives with the client that counts by it
 * (src/api/allowance.ts); re-exported here, where the pane's key check reads it.
 */
export { spentAllowance } from "../api/allowance";
