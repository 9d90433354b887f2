/** The defaults of the two limits every exchange with the service is held to (docs/network.md). */

/** The no-progress limit's default. */
export const DEFAULT_STALL_MS = 60_000;
/** The whole-exchange deadline's default. */
export const DEFAULT_DEADLINE_MS = 5 * 60_000;
