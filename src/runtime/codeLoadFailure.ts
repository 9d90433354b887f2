/**
 * A failed download of part of the add-in's own code (webpack's ChunkLoadError: a tab, the client or
 * the functions' code, loaded on first use), said in a planner's words instead of "Loading chunk
 * 512 failed. (error: https://…/512.js)".
 */
export function isCodeLoadFailure(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err.name === "ChunkLoadError" || /^Loading (CSS )?chunk \S+ failed/.test(err.message))
  );
}

/** What happened, to follow "could not …:" in a message; what to do next is the caller's to say. */
export const CODE_NOT_DOWNLOADED =
  "part of the add-in could not be downloaded (the network or the add-in's server did not answer)";
