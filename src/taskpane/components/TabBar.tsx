/**
 * The pane's section tabs, always on one line. At 12 px (the size of Office's own ribbon tabs) with
 * padding that shrinks to 4 px all six fit a 320 px pane; where they cannot (a narrower pane, zoom, larger fonts)
 * the list scrolls sideways instead of wrapping, and the selected tab is scrolled into view.
 * Keyboard: Tab reaches the selected tab, arrow keys move between tabs (Fluent's TabList), Enter or
 * Space selects; a focused tab is scrolled into view by the browser.
 */
import { useLayoutEffect, useRef } from "react";
import { Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { scrollToShow } from "../tabScroll";

/**
 * Each tab's side padding: 4 px in a 320 px pane, growing with the room there is up to 8 px (the six
 * labels take about 264 px at 12 px; 12 padded sides share what is left, less a margin for wider fonts).
 */
const PAD = "clamp(4px, calc((100cqw - 280px) / 12), 8px)";

const useStyles = makeStyles({
  list: {
    containerType: "inline-size",
    flexWrap: "nowrap",
    overflowX: "auto",
    overflowY: "hidden",
    scrollbarWidth: "thin",
  },
  tab: {
    flexShrink: 0,
    paddingLeft: PAD,
    paddingRight: PAD,
    // The selected and hover underlines span the label, as they do at Fluent's own padding.
    "::before": { left: PAD, right: PAD },
    "::after": { left: PAD, right: PAD },
  },
  content: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    paddingLeft: 0,
    paddingRight: 0,
  },
});

export interface TabBarProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect(tab: T): void;
  /** The tablist's accessible name. */
  label: string;
}

export function TabBar<T extends string>({ tabs, selected, onSelect, label }: TabBarProps<T>) {
  const styles = useStyles();
  const list = useRef<HTMLDivElement>(null);
  // A tab chosen from elsewhere (the ribbon's Self-test, Edit request) may sit outside the view.
  useLayoutEffect(() => {
    const el = list.current;
    // By value: Fluent marks the selected tab (aria-selected) a render later than this effect runs.
    const tab = el?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(selected)}"]`);
    if (!el || !tab) return;
    const start = tab.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    el.scrollLeft = scrollToShow(el.scrollLeft, el.clientWidth, start, tab.offsetWidth);
  }, [selected]);
  return (
    <TabList
      ref={list}
      className={styles.list}
      selectedValue={selected}
      onTabSelect={(_, d) => onSelect(d.value as T)}
      size="small"
      aria-label={label}
    >
      {tabs.map((t) => (
        <Tab key={t} value={t} data-tab={t} className={styles.tab} content={{ className: styles.content }}>
          {t}
        </Tab>
      ))}
    </TabList>
  );
}
