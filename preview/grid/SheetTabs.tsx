/**
 * The sheet tabs on one line, as in Excel: tabs never wrap; when they do not fit the strip scrolls,
 * with arrow buttons, and the active tab is scrolled into view.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface SheetTab {
  name: string;
  active: boolean;
}

export function SheetTabs({
  sheets,
  activate,
  end,
}: {
  sheets: SheetTab[];
  activate: (name: string) => void;
  /** What sits at the right end of the strip (the preview's download button). */
  end?: ReactNode;
}) {
  const strip = useRef<HTMLElement>(null);
  const active = sheets.find((s) => s.active)?.name;
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active, sheets.length]);
  const scroll = (by: number) => strip.current?.scrollBy({ left: by });
  /** Arrow keys, Home and End move between sheet tabs, activating the sheet and keeping focus on its tab. */
  function onTabKey(e: KeyboardEvent<HTMLDivElement>): void {
    const at = sheets.findIndex((s) => s.active);
    const to =
      e.key === "ArrowRight"
        ? (at + 1) % sheets.length
        : e.key === "ArrowLeft"
          ? (at - 1 + sheets.length) % sheets.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? sheets.length - 1
              : -1;
    if (to < 0 || !sheets[to]) return;
    e.preventDefault();
    const name = sheets[to].name;
    activate(name);
    e.currentTarget.querySelector<HTMLElement>(`[data-sheet-tab="${CSS.escape(name)}"]`)?.focus();
  }
  return (
    <div className="sheet-tabs">
      <button
        type="button"
        className="tab-scroll"
        aria-label="Scroll sheet tabs left"
        onClick={() => scroll(-160)}
      >
        ◀
      </button>
      <button
        type="button"
        className="tab-scroll"
        aria-label="Scroll sheet tabs right"
        onClick={() => scroll(160)}
      >
        ▶
      </button>
      <nav className="tabs" aria-label="Sheets" ref={strip}>
        {/* One tablist: the arrow keys move between sheets (Home/End to the ends). */}
        <div role="tablist" aria-label="Sheets" className="tab-list" onKeyDown={onTabKey}>
          {sheets.map((s) => (
            <button
              key={s.name}
              type="button"
              role="tab"
              aria-selected={s.active}
              aria-controls="sheet-grid"
              tabIndex={s.active ? 0 : -1}
              data-sheet-tab={s.name}
              className={s.active ? "tab active" : "tab"}
              // A click on the sheet already open keeps its selection, as in Excel.
              onClick={() => s.active || activate(s.name)}
            >
              {s.name}
            </button>
          ))}
        </div>
      </nav>
      {end}
    </div>
  );
}
