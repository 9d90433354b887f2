/**
 * A property's case count, as the suite runs it. `npm test` runs every property at its full count;
 * `npm run test:quick` (the inner loop) sets PROPERTY_SCALE=0.05, a twentieth of each count, and says so in
 * its summary. A property's own variable (STORED_PROPERTY_RUNS and the like) still sets its count.
 */
const raw = process.env.PROPERTY_SCALE;
const scale = raw === undefined || raw === "" ? 1 : Number(raw);
if (!Number.isFinite(scale) || scale <= 0 || scale > 1)
  throw new Error(`PROPERTY_SCALE must be a number above 0 and at most 1 (got "${raw}")`);

/** `full` cases scaled by PROPERTY_SCALE (at least one); `own`, a property's variable, wins when set. */
export function propertyRuns(full: number, own?: string): number {
  if (own !== undefined && own !== "") {
    const n = Number(own);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`A property's run count must be a whole number above 0 (got "${own}")`);
    return n;
  }
  return Math.max(1, Math.ceil(full * scale));
}
