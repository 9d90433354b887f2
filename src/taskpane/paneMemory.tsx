/**
 * What the planner typed in the pane's forms, kept until the pane closes (issue 57). A tab's panel is
 * unmounted when another tab is chosen, and its React state with it: a form field whose state is
 * `useKept` instead reads, when the panel comes back, the value it last had. The memory is the pane's
 * (App provides one for its life), never the workbook's or the browser's storage: closing the pane
 * forgets it, and an API key typed but not yet sent stays in this page's memory alone, as React state
 * would. Without a provider (a form rendered alone, in a test) a kept value is plain state.
 */
import {
  createContext,
  useContext,
  useEffect,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from "react";

/** Each kept value by its form's key ("data.prospects"): one key, one form field or group. */
type PaneMemory = Map<string, unknown>;

const PaneMemoryContext = createContext<PaneMemory | null>(null);

/** The pane's memory, for everything under it: made once, as the pane opens. */
export function PaneMemoryProvider({ children }: { children: ReactNode }) {
  const [memory] = useState<PaneMemory>(() => new Map());
  return <PaneMemoryContext.Provider value={memory}>{children}</PaneMemoryContext.Provider>;
}

/**
 * `useState` whose value outlives its component while the pane is open: the component that mounts
 * again with the same `key` starts from the value it was left with, else from `initial`. Each key is
 * used by one form field (or one form's group of fields), always with the same type.
 */
export function useKept<T>(key: string, initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const memory = useContext(PaneMemoryContext);
  const [value, setValue] = useState<T>(() =>
    memory?.has(key)
      ? // Written below by this same key, so of this same type.
        (memory.get(key) as T)
      : initial instanceof Function
        ? initial()
        : initial,
  );
  useEffect(() => {
    memory?.set(key, value);
  }, [memory, key, value]);
  return [value, setValue];
}
