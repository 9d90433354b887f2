/** An error a worksheet function throws with the Excel code its cell shows (and a note on why). */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}
