/** The field picker's groups of the spec's columns, filtered by the search, as checkboxes. */
import { useMemo } from "react";
import { Checkbox } from "@fluentui/react-components";
import { Text } from "./Prose";
import { IMPRESSIONS_FIELD_GROUPS } from "../../api/defaults";

export interface ColumnGroupsProps {
  /** The search: groups open, and show only the columns that contain it. */
  query: string;
  value: string[];
  /** Why a column cannot be had with the request's settings, in the form's words. */
  problems(field: string): string[];
  onToggle(field: string, on: boolean): void;
}

export function ColumnGroups({ query, value, problems, onToggle }: ColumnGroupsProps) {
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    return IMPRESSIONS_FIELD_GROUPS.map((g) => ({
      ...g,
      fields: g.fields.filter((f) => !q || f.toLowerCase().includes(q)),
    })).filter((g) => g.fields.length);
  }, [query]);
  return (
    <div className="field-groups">
      {groups.map((g) => (
        <details key={g.label} open={Boolean(query)}>
          <summary>
            {g.label} ({g.fields.length})
          </summary>
          {g.fields.map((f) => {
            const chosen = value.includes(f);
            // A chosen column stays clickable, so it can be removed whatever the settings are.
            const why = chosen ? [] : problems(f);
            return (
              <div key={`${g.label}-${f}`}>
                <Checkbox
                  label={f}
                  checked={chosen}
                  disabled={why.length > 0}
                  onChange={(_, d) => onToggle(f, Boolean(d.checked))}
                />
                {why.map((r) => (
                  <Text key={r} size={100} block className="rule">
                    {r}
                  </Text>
                ))}
              </div>
            );
          })}
        </details>
      ))}
    </div>
  );
}
