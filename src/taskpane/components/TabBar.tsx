/**
 * The pane's section tabs, always on one line: our own tablist of plain buttons, drawn as Fluent's small
 * TabList was (Fluent's TabList and Tab cost 44 KiB of the page's first-load JavaScript for six buttons).
 * At 12 px (the size of Office's own ribbon tabs) with padding that shrinks to 4 px all six fit a 320 px
 * pane; where they cannot (a narrower pane, zoom, larger fonts) the list scrolls sideways instead of
 * wrapping, and the selected tab is scrolled into view.
 * Keyboard, as Fluent's TabList (a circular Tabster arrow-key group): Tab reaches the selected tab only,
 * arrow keys move between tabs (wrapping round), Home and End (and Page Up, Page Down) go to the first
 * and last; moving focus does not select: Enter or Space (a click) does. A focused tab is scrolled into
 * view by the browser.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import {
  createCustomFocusIndicatorStyle,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { scrollToShow } from "../tabScroll";

/**
 * Each tab's side padding: 4 px in a 320 px pane, growing with the room there is up to 8 px (the six
 * labels take about 264 px at 12 px; 12 padded sides share what is left, less a margin for wider fonts).
 */
const PAD = "clamp(4px, calc((100cqw - 280px) / 12), 8px)";

/** Where the selected underline starts its slide from (set for one frame when the selection moves). */
const OFFSET = "--tab-indicator-offset";
const SCALE = "--tab-indicator-scale";

/** The list's tab for `tab`, found by value. */
function tabIn(list: HTMLElement | null, tab: string): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(tab)}"]`) ?? null;
}

/** Fluent's TabList and Tab styles (size small, appearance transparent), with the labels at 12 px. */
const useStyles = makeStyles({
  list: {
    display: "flex",
    flexDirection: "row",
    alignItems: "stretch",
    flexShrink: 0,
    flexWrap: "nowrap",
    position: "relative",
    containerType: "inline-size",
    overflowX: "auto",
    overflowY: "hidden",
    scrollbarWidth: "thin",
  },
  tab: {
    display: "grid",
    gridAutoFlow: "column",
    gridTemplateColumns: "auto",
    gridTemplateRows: "auto",
    alignItems: "center",
    justifyContent: "center",
    columnGap: tokens.spacingHorizontalXXS,
    flexShrink: 0,
    position: "relative",
    overflow: "hidden",
    paddingTop: tokens.spacingVerticalSNudge,
    paddingBottom: tokens.spacingVerticalSNudge,
    paddingLeft: PAD,
    paddingRight: PAD,
    border: "none",
    borderRadius: tokens.borderRadiusMedium,
    outlineStyle: "none",
    cursor: "pointer",
    fontFamily: tokens.fontFamilyBase,
    lineHeight: tokens.lineHeightBase300,
    textTransform: "none",
    backgroundColor: tokens.colorTransparentBackground,
    color: tokens.colorNeutralForeground2,
    ":enabled:hover": {
      backgroundColor: tokens.colorTransparentBackgroundHover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ":enabled:active": {
      backgroundColor: tokens.colorTransparentBackgroundPressed,
      color: tokens.colorNeutralForeground2Pressed,
    },
    // The hover underline, and the selected one: both span the label, as they do at Fluent's own padding.
    "::before": { bottom: 0, height: tokens.strokeWidthThick, left: PAD, right: PAD },
    ":hover::before": {
      content: '""',
      position: "absolute",
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorNeutralStroke1Hover,
    },
    ":active::before": {
      content: '""',
      position: "absolute",
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorNeutralStroke1Pressed,
    },
    "@media (forced-colors: active)": {
      ":hover::before": { backgroundColor: "Highlight" },
      ":active::before": { backgroundColor: "Highlight" },
    },
    // Fluent's focus ring for tabs, shown for keyboard focus (FluentProvider marks it), drawn inside
    // the tab: Fluent's, outside it, was cut off by the list's sideways scrolling (top, bottom, first tab).
    ...createCustomFocusIndicatorStyle({
      outlineWidth: tokens.strokeWidthThick,
      outlineColor: "transparent",
      outlineStyle: "solid",
      boxShadow: `inset 0 0 0 ${tokens.strokeWidthThick} ${tokens.colorStrokeFocus2}`,
      zIndex: 1,
    }),
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    ":enabled:hover": { color: tokens.colorNeutralForeground1Hover },
    ":enabled:active": { color: tokens.colorNeutralForeground1Pressed },
    // The underline may slide in from outside the tab.
    overflow: "visible",
    "::after": {
      content: '""',
      position: "absolute",
      bottom: 0,
      height: tokens.strokeWidthThick,
      left: PAD,
      right: PAD,
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandStroke,
      transformOrigin: "left",
      transform: `translateX(var(${OFFSET}, 0px)) scaleX(var(${SCALE}, 1))`,
      transitionProperty: "transform",
      transitionDuration: tokens.durationSlow,
      transitionTimingFunction: tokens.curveDecelerateMax,
    },
    ":enabled:hover::after": { backgroundColor: tokens.colorCompoundBrandStrokeHover },
    ":enabled:active::after": { backgroundColor: tokens.colorCompoundBrandStrokePressed },
    // Set at where the underline was, without the transition; cleared a frame later, with it.
    "&[data-indicator-from]::after": { transitionProperty: "none" },
    "@media (prefers-reduced-motion: reduce)": {
      "::after": { transitionProperty: "none", transitionDuration: "0.01ms" },
    },
    "@media (forced-colors: active)": {
      "::after": { backgroundColor: "ButtonText" },
      ":enabled:hover::after": { backgroundColor: "ButtonText" },
      ":enabled:active::after": { backgroundColor: "ButtonText" },
    },
  },
  label: {
    gridColumnStart: 1,
    gridRowStart: 1,
    overflow: "hidden",
    padding: 0,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightRegular,
  },
  strong: { fontWeight: tokens.fontWeightSemibold },
  // The label again in bold, hidden, in the same grid cell: a tab keeps its width when selected.
  reserved: { visibility: "hidden" },
});

/**
 * The tab a key moves focus to from tab `at` of `count`, as Tabster's Mover does in Fluent's TabList
 * (useArrowNavigationGroup({ circular: true, axis: "horizontal" })): the arrows wrap round, Home and
 * Page Up go to the first, End and Page Down to the last; null for any other key.
 */
function moveTo(key: string, at: number, count: number, rtl: boolean): number | null {
  if (key === "ArrowRight" || key === "ArrowLeft") {
    const step = (key === "ArrowRight") !== rtl ? 1 : -1;
    return (at + step + count) % count;
  }
  if (key === "Home" || key === "PageUp") return 0;
  if (key === "End" || key === "PageDown") return count - 1;
  return null;
}

/** The selected underline slides from the tab selected before, as Fluent's does. */
function useIndicatorSlide(list: RefObject<HTMLElement>, selected: string): void {
  const previous = useRef(selected);
  useLayoutEffect(() => {
    const from = previous.current === selected ? null : tabIn(list.current, previous.current);
    previous.current = selected;
    const to = tabIn(list.current, selected);
    if (!from || !to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    to.style.setProperty(OFFSET, `${a.left - b.left}px`);
    to.style.setProperty(SCALE, `${a.width / b.width}`);
    to.setAttribute("data-indicator-from", "");
    void getComputedStyle(to, "::after").transform; // the slide's start, styled before it is cleared
    const settle = () => {
      to.style.removeProperty(OFFSET);
      to.style.removeProperty(SCALE);
      to.removeAttribute("data-indicator-from");
    };
    const frame = requestAnimationFrame(settle);
    return () => {
      cancelAnimationFrame(frame);
      settle();
    };
  }, [list, selected]);
}

export interface TabBarProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect(tab: T): void;
  /** The tablist's accessible name. */
  label: string;
  /** The ids: tab t is `${idPrefix}-${t}`; the selected tab controls the panel `${idPrefix}-panel`. */
  idPrefix: string;
}

/** The id of the panel the selected tab of a TabBar with this prefix controls. */
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;
/** The id of tab `tab` of a TabBar with this prefix (the panel's label). */
export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-${tab}`;

export function TabBar<T extends string>({ tabs, selected, onSelect, label, idPrefix }: TabBarProps<T>) {
  const styles = useStyles();
  const list = useRef<HTMLDivElement>(null);
  // The one tab in the Tab order: the focused tab while focus is in the list (so Tab and Shift+Tab
  // leave it), else the selected one (so Tab comes back to it).
  const [focused, setFocused] = useState<T | null>(null);
  const stop = focused !== null && tabs.includes(focused) ? focused : selected;

  // A tab chosen from elsewhere (the ribbon's Self-test, Edit request) may sit outside the view.
  useLayoutEffect(() => {
    const el = list.current;
    const tab = tabIn(el, selected);
    if (!el || !tab) return;
    const start = tab.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    el.scrollLeft = scrollToShow(el.scrollLeft, el.clientWidth, start, tab.offsetWidth);
  }, [selected]);

  useIndicatorSlide(list, selected);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Tabster leaves modified keys to others (Shift+arrows and the like).
    if (e.ctrlKey || e.altKey || e.shiftKey || e.metaKey) return;
    const at = tabs.indexOf((e.target as HTMLElement).dataset.tab as T);
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const to = at < 0 ? null : moveTo(e.key, at, tabs.length, rtl);
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    tabIn(e.currentTarget, tabs[to])?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={styles.list}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(null);
      }}
    >
      {tabs.map((t) => {
        const on = t === selected;
        return (
          <button
            key={t}
            type="button"
            role="tab"
            id={tabId(idPrefix, t)}
            aria-selected={on}
            aria-controls={on ? tabPanelId(idPrefix) : undefined}
            tabIndex={t === stop ? 0 : -1}
            data-tab={t}
            className={mergeClasses(styles.tab, on && styles.selected)}
            onFocus={() => setFocused(t)}
            onClick={() => onSelect(t)}
          >
            <span className={mergeClasses(styles.label, on && styles.strong)}>{t}</span>
            {!on && <span className={mergeClasses(styles.label, styles.strong, styles.reserved)}>{t}</span>}
          </button>
        );
      })}
    </div>
  );
}
