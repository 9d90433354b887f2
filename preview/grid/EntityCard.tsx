/**
 * A card in a cell, as Excel draws one: the icon before the entity's text in its cell (a button: a
 * click opens the card) and the card itself, its title, then each section's fields with their
 * values as their number formats show them; a nested list or table as a small table. Escape or the
 * close button closes it. The card keeps within the grid's width (1366 px wide or beside a 320 px pane).
 */
import { useEffect, useRef } from "react";
import type { EntityValue } from "../memory/entities";
import { formatNumber } from "../memory/numberFormat";

/** The card's width in px; narrower when the grid is narrower. */
export const CARD_PX = 300;

/** The icon Excel shows for the card's compact layout (Headphones, Briefcase; a generic card otherwise). */
export function CardIcon({ icon }: { icon?: string }) {
  const path =
    icon === "Headphones"
      ? "M3 9a5 5 0 0 1 10 0v4h-2.5V9.5H12V9a4 4 0 0 0-8 0v.5h1.5V13H3z"
      : icon === "Briefcase"
        ? "M6 3h4a1 1 0 0 1 1 1v1h2.5a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5h-11a.5.5 0 0 1-.5-.5v-7a.5.5 0 0 1 .5-.5H5V4a1 1 0 0 1 1-1zm0 2h4V4H6z"
        : "M3 3h10v10H3zM5 6h6M5 9h4";
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** A field's value as the card shows it. */
function shown(v: Excel.CellValue, date1904: boolean): string {
  switch (v.type) {
    case "Double":
    case "FormattedNumber":
      return "numberFormat" in v && v.numberFormat
        ? formatNumber(v.basicValue, v.numberFormat, date1904)
        : String(v.basicValue);
    case "String":
      return v.basicValue;
    case "Boolean":
      return v.basicValue ? "Yes" : "No";
    case "Entity":
      return v.text ?? "";
    default:
      return "";
  }
}

function FieldValue({ value, date1904 }: { value: Excel.CellValue; date1904: boolean }) {
  if (value.type !== "Array") return <span className="card-value">{shown(value, date1904)}</span>;
  // A table of more than one column has its header in its first row (an advertiser's top shows).
  const headed = (value.elements[0]?.length ?? 0) > 1;
  return (
    <table className={headed ? "card-list headed" : "card-list"}>
      <tbody>
        {value.elements.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j}>{shown(cell, date1904)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface EntityCardProps {
  entity: EntityValue;
  /** Where the card opens, in px within the drawn sheet. */
  left: number;
  top: number;
  width: number;
  date1904: boolean;
  close: () => void;
}

export function EntityCard({ entity, left, top, width, date1904, close }: EntityCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const props = (entity.properties ?? {}) as Record<string, Excel.CellValue>;
  const layout = entity.layouts?.card;
  const titleField = layout?.title && typeof layout.title === "object" ? layout.title.property : undefined;
  const title = (titleField && props[titleField] && shown(props[titleField], date1904)) || entity.text;
  const sections = layout?.sections ?? [{ layout: "List" as const, properties: Object.keys(props) }];
  return (
    <div
      className="entity-card"
      role="dialog"
      aria-label={`Card: ${title ?? ""}`}
      data-testid="entity-card"
      tabIndex={-1}
      ref={ref}
      style={{ left, top, width }}
      // Keys in the card are the card's (Tab to its Close button), not the grid's moves.
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Escape") close();
      }}
      onMouseDown={(e) => e.stopPropagation()}
    >
      <div className="card-head">
        <CardIcon icon={entity.layouts?.compact?.icon} />
        <h2 className="card-title">{title}</h2>
        <button type="button" className="card-close" aria-label="Close card" onClick={close}>
          ×
        </button>
      </div>
      {sections.map((s, i) => (
        <section key={i} className="card-section" aria-label={s.title}>
          {s.title && <h3>{s.title}</h3>}
          <dl>
            {s.properties
              .filter((p) => props[p])
              .map((p) => (
                <div key={p} className="card-field" data-field={p}>
                  <dt>{p}</dt>
                  <dd>
                    <FieldValue value={props[p]} date1904={date1904} />
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
      {entity.provider?.description && <p className="card-provider">From {entity.provider.description}</p>}
    </div>
  );
}
