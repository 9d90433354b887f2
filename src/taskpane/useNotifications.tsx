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

/** Toasts render into a landmark of their own, so nothing in the pane is outside one. */
export function NotificationArea({ toasterId, toasts }: ToasterSlot) {
  const [toastNode, setToastNode] = useState<HTMLElement | null>(null);
  return (
    <>
      {/* Above the form: Fluent's inputs paint over a toaster with no stacking of its own. */}
      <aside aria-label="Notifications" ref={setToastNode} style={{ position: "relative", zIndex: 1000 }} />
      {toastNode && toasts && <toasts.Toaster toasterId={toasterId} mountNode={toastNode} />}
    </>
  );
}
