/** Episode search → a new sheet: query, days to look back, media types, show ids and the three switches. */
import { Button, Field, Input, Switch } from "@fluentui/react-components";
import { searchQuerySchema } from "../../../api/schemas";
import { OTHER_DEFAULTS } from "../../../api/defaults";
import { platformLabel, platformValue, SEARCH_MEDIA_TYPES } from "../../../api/platformWords";
import { runSourceToSheet } from "../../reportActions";
import { DataForm, useDataForm } from "./DataForm";
import { list, num } from "./formValues";
import { useKept } from "../../paneMemory";

/** The media types offered, in words ("Comma-separated: All platforms, Podcast, …, Radio show, Beta"). */
export const MEDIA_TYPES_HINT = `Comma-separated: ${SEARCH_MEDIA_TYPES.map(platformLabel).join(", ")}; other values are sent as typed`;

/** The labels the form shows, so validation messages read in them rather than in request field names. */
const LABELS = {
  search: "Search for",
  timeFrame: "Days to look back",
  mediaType: "Media types",
  showFilterIds: "Only these show ids",
};

interface SearchSwitchValues {
  exact: boolean;
  transcriptOnly: boolean;
  excludeAds: boolean;
}

/** The search's three on/off settings: exact match, transcripts only, exclude ads. */
function SearchSwitches({
  values,
  onChange,
}: {
  values: SearchSwitchValues;
  onChange(patch: Partial<SearchSwitchValues>): void;
}) {
  return (
    <>
      <Switch
        label="Exact match"
        checked={values.exact}
        onChange={(_, d) => onChange({ exact: d.checked })}
      />
      <Switch
        label="Transcripts only"
        checked={values.transcriptOnly}
        onChange={(_, d) => onChange({ transcriptOnly: d.checked })}
      />
      <Switch
        label="Exclude ads"
        checked={values.excludeAds}
        onChange={(_, d) => onChange({ excludeAds: d.checked })}
      />
    </>
  );
}

export function SearchForm() {
  const form = useDataForm(LABELS);
  const [search, setSearch] = useKept("data.search", {
    query: "",
    timeFrame: "",
    mediaType: "",
    showFilterIds: "",
    exact: false,
    transcriptOnly: false,
    excludeAds: false,
  });
  const submit = () =>
    form.send(
      searchQuerySchema,
      {
        search: search.query.trim(),
        timeFrame: num(search.timeFrame),
        // A planner's word ("Radio show") is sent as the service's value (radio_show).
        mediaType: list(search.mediaType)?.map((t) => platformValue(t, SEARCH_MEDIA_TYPES)),
        showFilterIds: list(search.showFilterIds)?.map(Number),
        exact: search.exact || undefined,
        transcriptOnly: search.transcriptOnly || undefined,
        excludeAds: search.excludeAds || undefined,
      },
      (services, params) => runSourceToSheet(services, { kind: "search", params }),
    );

  return (
    <DataForm title="Search episodes" form={form} onSubmit={submit}>
      <Field label="Search for" required {...form.err("search")}>
        <Input
          name="searchQuery"
          value={search.query}
          onChange={(_, d) => setSearch({ ...search, query: d.value })}
        />
      </Field>
      <Field
        label="Days to look back"
        hint={`Default: ${OTHER_DEFAULTS.search.timeFrame.value}`}
        {...form.err("timeFrame")}
      >
        <Input
          name="searchTimeFrame"
          type="number"
          value={search.timeFrame}
          onChange={(_, d) => setSearch({ ...search, timeFrame: d.value })}
        />
      </Field>
      <Field label="Media types" hint={MEDIA_TYPES_HINT} {...form.err("mediaType")}>
        <Input
          name="searchMediaType"
          value={search.mediaType}
          onChange={(_, d) => setSearch({ ...search, mediaType: d.value })}
        />
      </Field>
      <Field label="Only these show ids" hint="Comma-separated" {...form.err("showFilterIds")}>
        <Input
          name="searchShowIds"
          value={search.showFilterIds}
          onChange={(_, d) => setSearch({ ...search, showFilterIds: d.value })}
        />
      </Field>
      <SearchSwitches values={search} onChange={(patch) => setSearch({ ...search, ...patch })} />
      <Button type="submit" appearance="primary" disabledFocusable={form.busy}>
        Search to sheet
      </Button>
    </DataForm>
  );
}
