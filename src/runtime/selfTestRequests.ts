/**
 * The ribbon's Self-test button and the pane share one runtime: the command asks for a run here;
 * the pane shows its Connect tab and the self-test there takes the request (now, or when it mounts).
 * Pure: no Office.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let pending = false;

/** Asks for a self-test run; it stays asked until a self-test takes it. */
export function requestSelfTest(): void {
  pending = true;
  for (const l of listeners) l();
}

/** Tells `listener` of every request. Returns the unsubscribe. */
export function subscribeSelfTestRequests(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once per request: the self-test that takes it runs. */
export function takeSelfTestRequest(): boolean {
  const was = pending;
  pending = false;
  return was;
}
