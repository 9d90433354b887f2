/**
 * The pane's notifier: Fluent's toasts, loaded with the first notification (only other tabs' work
 * notifies), and the landmark they render into.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useId, useToastController } from "@fluentui/react-components";
import type { Intent, Services } from "./services";

const loadToasts = () =>
  import(
    /* webpackChunkName: "toasts" */
    /* webpackExports: ["Toast", "ToastTitle", "Toaster"] */
    "@fluentui/react-components"
  );
type Toasts = Awaited<ReturnType<typeof loadToasts>>;
interface Notice {
  message: string;
  intent: Intent;
}

/** What NotificationArea needs to show the toasts of useNotifications. */
export interface ToasterSlot {
  toasterId: string;
  /** The toast components, once loaded. */
  toasts: Toasts | null;
}

export function useNotifications(): { notify: Services["notify"]; toaster: ToasterSlot } {
  const toasterId = useId("toaster");
  const { dispatchToast } = useToastController(toasterId);
  // Notices wait until the Toaster is loaded and mounted (a toast sent before is lost); refs keep
  // notify, and so the services every panel uses, the same object throughout.
  const [toasts, setToasts] = useState<Toasts | null>(null);
  const listening = useRef<Toasts | null>(null);
  const waiting = useRef<Notice[] | null>(null);

  const show = useCallback(
    (t: Toasts, { message, intent }: Notice) =>
      dispatchToast(
        <t.Toast>
          <t.ToastTitle>{message}</t.ToastTitle>
        </t.Toast>,
        { intent },
      ),
    [dispatchToast],
  );
  const notify = useCallback(
    (message: string, intent: Intent = "info") => {
      const notice = { message, intent };
      if (listening.current) return show(listening.current, notice);
      if (waiting.current) return void waiting.current.push(notice);
      waiting.current = [notice];
      loadToasts().then(setToasts, (err: unknown) => {
        console.error("Notifications could not be loaded:", err instanceof Error ? err.message : err);
        waiting.current = null;
      });
    },
    [show],
  );
  // Runs after the Toaster's own effects (it is rendered by a child of the hook's component), so it
  // is listening by now.
  useEffect(() => {
    if (!toasts) return;
    listening.current = toasts;
    for (const notice of waiting.current ?? []) show(toasts, notice);
    waiting.current = null;
  }, [toasts, show]);

  return { notify, toaster: { toasterId, toasts } };
}

/**
 * Toasts render into a landmark of their own, so nothing in the pane is outside one: in the pane's
 * flow, at its top, above the tabs and the form (issue #49). Fluent's toaster floats at a corner of the
 * window, which in a task pane is over the form's fields; inline, with the pane's styles taking its
 * corner placement off (paneStyles.ts, `.notifications`), a message pushes the form down instead of
 * covering it, and goes after its few seconds. A message that arrives while the pane is scrolled down
 * (the planner pressed a button at the foot of a long form) scrolls the pane up to it; focus stays.
 */
export function NotificationArea({ toasterId, toasts }: ToasterSlot) {
  const area = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = area.current;
    if (!node || typeof MutationObserver === "undefined") return;
    const seen = new MutationObserver(() => {
      if (node.querySelector(".fui-Toast")) node.scrollIntoView?.({ block: "nearest" });
    });
    seen.observe(node, { childList: true, subtree: true });
    return () => seen.disconnect();
  }, []);
  return (
    // Above the form in stacking too: Fluent's inputs paint over a toaster with no stacking of its own.
    <aside
      aria-label="Notifications"
      className="notifications"
      ref={area}
      style={{ position: "relative", zIndex: 1000 }}
    >
      {toasts && <toasts.Toaster toasterId={toasterId} inline position="top-start" />}
    </aside>
  );
}
