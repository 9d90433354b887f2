/**
 * Keyboard focus that survives the pane's own changes. A control that disappears or becomes disabled
 * while it has focus drops focus to the page body, and the next Tab leaves the pane; so a busy button
 * stays focusable (`disabledFocusable`), and where a control is replaced or removed its panel moves
 * focus to the control that takes its place, once React has rendered it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

type Target = () => HTMLElement | null | undefined;

/** Returns `focusAfterRender(target)`: after the next render, focuses the first target that exists. */
export function useFocusAfterRender(): (...targets: Target[]) => void {
  const pending = useRef<Target[]>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const targets = pending.current;
    pending.current = [];
    for (const target of targets) {
      const el = target();
      if (el && el.isConnected && !el.hasAttribute("disabled")) {
        el.focus();
        return;
      }
    }
  }, [tick]);
  return useCallback((...targets: Target[]) => {
    pending.current = targets;
    setTick((n) => n + 1);
  }, []);
}

/** The element inside `root` that matches `selector`, for a target of useFocusAfterRender. */
export const find =
  (root: { current: HTMLElement | null }, selector: string): Target =>
  () =>
    root.current?.querySelector<HTMLElement>(selector);

/** What marks a field as bad: Fluent's Field sets aria-invalid; a group without one input sets data-invalid. */
const INVALID = '[aria-invalid="true"], [data-invalid]';

/**
 * A target for useFocusAfterRender: the first field inside `root` marked bad, with any collapsed
 * section around it (Advanced, a column group) opened first, so a form that refused to send puts the
 * planner on what to fix.
 */
export const firstInvalid =
  (root: { current: HTMLElement | null }): Target =>
  () => {
    const el = root.current?.querySelector<HTMLElement>(INVALID);
    for (let d = el?.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
    return el;
  };

/**
 * For controls that go away on their own (a run ends: its Cancel or Stop button goes): when a render
 * of this component removed the element inside `root` that had focus, and focus fell to the page
 * body, focuses `replacement(removed)`. Call it in the component that renders those controls.
 */
export function useFocusRescue(
  root: { current: HTMLElement | null },
  replacement: (removed: HTMLElement) => HTMLElement | null | undefined,
): void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const t = e.target instanceof HTMLElement ? e.target : null;
      last.current = t && root.current?.contains(t) ? t : null;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [root]);
  useLayoutEffect(() => {
    const lost = last.current;
    const active = document.activeElement;
    if (!lost || lost.isConnected || (active && active !== document.body)) return;
    last.current = null;
    replacement(lost)?.focus();
  });
}
