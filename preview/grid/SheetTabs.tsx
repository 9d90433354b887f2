/**
 * The sheet tabs on one line, as in Excel: tabs never wrap; when they do not fit the strip scrolls,
 * with arrow buttons, and the active tab is scrolled into view.
 */
import { useEffect, useRef } from "react";

export interface SheetTab {
  name: string;
  active: boolean;
}

export function SheetTabs({ sheets, activate }: { sheets: SheetTab[]; activate: (name: string) => void }) {
  const strip = useRef<HTMLElement>(null);
  const active = sheets.find((s) => s.active)?.name;
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active, sheets.length]);
  const scroll = (by: number) => strip.current?.scrollBy({ left: by });
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
        <div role="tablist" aria-label="Sheets" className="tab-list">
          {sheets.map((s) => (
            <button
              key={s.name}
              type="button"
              role="tab"
              aria-selected={s.active}
              className={s.active ? "tab active" : "tab"}
              onClick={() => activate(s.name)}
            >
              {s.name}
            </button>
          ))}
        </div>
      </nav>
    </div>
  );
}
