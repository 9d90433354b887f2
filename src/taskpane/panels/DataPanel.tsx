/** Search, Shows, Ads and Incrementality forms → sheets; Shows also inserts =ADS.SHOW at the selected cell. */
import { useState } from "react";
import { Button, Field, Input, Select, Switch } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import type { z } from "zod";
import {
  incrementalityRequestSchema,
  individualAdsRequestSchema,
  searchQuerySchema,
  showInfoQuerySchema,
} from "../../api/schemas";
import { OTHER_DEFAULTS } from "../../api/defaults";
import { SHOW_FIELDS } from "../../functions/shapes";
import { RecentNames } from "../components/FormField";
import { rememberNames } from "../recentNames";
import { insertFormulaAtSelection, openShowSheet, runSourceToSheet } from "../reportActions";
import { parseListText } from "../listText";
import { useServices, NOT_CONNECTED } from "../services";
import { definedOnly, fieldState, schemaErrors, type FieldErrors } from "../validation";

const num = (s: string) => (s.trim() === "" ? undefined : Number(s));
const text = (s: string) => (s.trim() === "" ? undefined : s.trim());
/** Comma-separated names (quoted when they hold a comma); blank means "not set". */
const list = (s: string) => {
  const l = parseListText(s);
  return l.length ? l : undefined;
};

function Message({ text: t }: { text: string | null }) {
  return t ? (
    <PaneMessage intent="info" role="status">
      {t}
    </PaneMessage>
  ) : null;
}

type FormName = "search" | "show" | "ads" | "incrementality";

/** The labels each form shows, so validation messages read in them rather than in request field names. */
const LABELS: Record<FormName, Record<string, string>> = {
  search: {
    search: "Search for",
    timeFrame: "Days to look back",
    mediaType: "Media types",
    showFilterIds: "Only these show ids",
  },
  show: {
    id: "Show id",
    netNewReachAdvertisers: "Net new reach against advertisers",
    months: "Net new reach window (months)",
    episodesPageIndex: "Episodes page",
    episodesPageSize: "Episodes per page",
  },
  ads: {
    advertiser: "Advertiser",
    startDate: "Start date",
    endDate: "End date",
    maxRows: "Most rows",
    limit: "Rows per request (limit)",
    offset: "Skip the first rows (offset)",
  },
  incrementality: {
    advertiser: "Advertisers",
    aggregationLevel: "Aggregation level",
    channelType: "Channel types",
    action: "Actions",
    startDate: "Start date",
    endDate: "End date",
    incCiCertainty: "CI certainty (%)",
  },
};

const D = OTHER_DEFAULTS;

export function DataPanel() {
  const services = useServices();
  const [search, setSearch] = useState({
    query: "",
    timeFrame: "",
    mediaType: "",
    showFilterIds: "",
    exact: false,
    transcriptOnly: false,
    excludeAds: false,
  });
  const [showId, setShowId] = useState("1200000001");
  const [showField, setShowField] = useState<string>("monthlyListeners");
  const [nnr, setNnr] = useState({ advertisers: "", months: "" });
  const [episodesPage, setEpisodesPage] = useState({ index: "", size: "" });
  const [ads, setAds] = useState({
    advertiser: "",
    startDate: "",
    endDate: "",
    maxRows: "1000",
    limit: "",
    offset: "",
  });
  const [inc, setInc] = useState({
    advertiser: "",
    aggregationLevel: "channel",
    channelType: "",
    action: "",
    startDate: "",
    endDate: "",
    incCiCertainty: "",
    includeErrors: false,
  });
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FormName, FieldErrors>>>({});
  const err = (form: FormName, name: string) => fieldState(errors[form] ?? {}, name);
  // The form whose request is running: its button waits, so a second click makes no second sheet.
  const [busy, setBusy] = useState<FormName | null>(null);

  /** Checks the form's parameters against the request schema; sends only when every field is valid. */
  function send(
    form: FormName,
    schema: z.ZodType,
    params: Record<string, unknown>,
    go: (params: Record<string, unknown>) => Promise<void>,
  ) {
    // The busy form's button stays focusable (disabledFocusable): a second Enter sends nothing.
    if (busy === form) return;
    const defined = definedOnly(params);
    const check = schemaErrors(schema, defined, LABELS[form]);
    setErrors((old) => ({ ...old, [form]: check }));
    if (Object.keys(check).length) {
      setMessage("Nothing was sent: fix the fields marked below.");
      return;
    }
    if (!services.client) {
      setMessage(NOT_CONNECTED);
      return;
    }
    setMessage(null);
    setBusy(form);
    void go(defined).finally(() => setBusy(null));
  }

  return (
    <section aria-label="Data" className="panel">
      <RecentNames />
      <Message text={message} />
      <form
        aria-label="Episode search"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(
            "search",
            searchQuerySchema,
            {
              search: search.query.trim(),
              timeFrame: num(search.timeFrame),
              mediaType: list(search.mediaType),
              showFilterIds: list(search.showFilterIds)?.map(Number),
              exact: search.exact || undefined,
              transcriptOnly: search.transcriptOnly || undefined,
              excludeAds: search.excludeAds || undefined,
            },
            (params) => runSourceToSheet(services, { kind: "search", params }),
          );
        }}
      >
        <h3>Search episodes</h3>
        <Field label="Search for" required {...err("search", "search")}>
          <Input
            name="searchQuery"
            value={search.query}
            onChange={(_, d) => setSearch({ ...search, query: d.value })}
          />
        </Field>
        <Field
          label="Days to look back"
          hint={`Default: ${D.search.timeFrame.value}`}
          {...err("search", "timeFrame")}
        >
          <Input
            name="searchTimeFrame"
            type="number"
            value={search.timeFrame}
            onChange={(_, d) => setSearch({ ...search, timeFrame: d.value })}
          />
        </Field>
        <Field
          label="Media types"
          hint="Comma-separated: all, podcast, alpha, radio, radio_show, beta"
          {...err("search", "mediaType")}
        >
          <Input
            name="searchMediaType"
            value={search.mediaType}
            onChange={(_, d) => setSearch({ ...search, mediaType: d.value })}
          />
        </Field>
        <Field label="Only these show ids" hint="Comma-separated" {...err("search", "showFilterIds")}>
          <Input
            name="searchShowIds"
            value={search.showFilterIds}
            onChange={(_, d) => setSearch({ ...search, showFilterIds: d.value })}
          />
        </Field>
        <Switch
          label="Exact match"
          checked={search.exact}
          onChange={(_, d) => setSearch({ ...search, exact: d.checked })}
        />
        <Switch
          label="Transcripts only"
          checked={search.transcriptOnly}
          onChange={(_, d) => setSearch({ ...search, transcriptOnly: d.checked })}
        />
        <Switch
          label="Exclude ads"
          checked={search.excludeAds}
          onChange={(_, d) => setSearch({ ...search, excludeAds: d.checked })}
        />
        <Button type="submit" appearance="primary" disabledFocusable={busy === "search"}>
          Search to sheet
        </Button>
      </form>

      <form
        aria-label="Show"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(
            "show",
            showInfoQuerySchema,
            {
              id: showId.trim(),
              netNewReachAdvertisers: list(nnr.advertisers),
              months: num(nnr.months),
              episodesPageIndex: num(episodesPage.index),
              episodesPageSize: num(episodesPage.size),
            },
            ({ id, ...query }) => openShowSheet(services, String(id), query),
          );
        }}
      >
        <h3>Show</h3>
        <Field
          label="Show id"
          hint="Directory id, Alpha channel id or Alpha playlist id"
          required
          {...err("show", "id")}
        >
          <Input name="showId" value={showId} onChange={(_, d) => setShowId(d.value)} />
        </Field>
        <Field
          label="Net new reach against advertisers"
          hint="Optional, comma-separated lookup names (1 to 10)"
          {...err("show", "netNewReachAdvertisers")}
        >
          <Input
            name="nnrAdvertisers"
            value={nnr.advertisers}
            list="recent-names"
            onChange={(_, d) => setNnr({ ...nnr, advertisers: d.value })}
          />
        </Field>
        <Field
          label="Net new reach window (months)"
          hint="1 to 3; default 1. Applies only with net new reach advertisers: not sent without them"
          {...err("show", "months")}
        >
          <Input
            name="nnrMonths"
            type="number"
            value={nnr.months}
            onChange={(_, d) => setNnr({ ...nnr, months: d.value })}
          />
        </Field>
        <Field
          label="Episodes page"
          hint="Zero-based; the service pages the 1,000 most recent episodes (default: the show's usual list)"
          {...err("show", "episodesPageIndex")}
        >
          <Input
            name="episodesPageIndex"
            type="number"
            value={episodesPage.index}
            onChange={(_, d) => setEpisodesPage({ ...episodesPage, index: d.value })}
          />
        </Field>
        <Field
          label="Episodes per page"
          hint="1 to 100; 25 when only the page is given"
          {...err("show", "episodesPageSize")}
        >
          <Input
            name="episodesPageSize"
            type="number"
            value={episodesPage.size}
            onChange={(_, d) => setEpisodesPage({ ...episodesPage, size: d.value })}
          />
        </Field>
        <Button type="submit" appearance="primary" disabledFocusable={busy === "show"}>
          Open show sheet
        </Button>
        <Field label="Field for a formula">
          <Select name="showField" value={showField} onChange={(_, d) => setShowField(d.value)}>
            {SHOW_FIELDS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          onClick={() => {
            void insertFormulaAtSelection(
              services,
              `=ADS.SHOW("${showId.trim().replace(/"/g, '""')}","${showField}")`,
            ).then(setMessage);
          }}
        >
          Insert formula
        </Button>
      </form>

      <form
        aria-label="Individual ads"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const maxRows = num(ads.maxRows);
          if (maxRows !== undefined && !(Number.isInteger(maxRows) && maxRows >= 1)) {
            setErrors((old) => ({ ...old, ads: { maxRows: "Most rows must be a whole number, 1 or more" } }));
            setMessage("Nothing was sent: fix the fields marked below.");
            return;
          }
          send(
            "ads",
            individualAdsRequestSchema,
            {
              advertiser: ads.advertiser.trim(),
              startDate: text(ads.startDate),
              endDate: text(ads.endDate),
              limit: num(ads.limit),
              offset: num(ads.offset),
            },
            (params) => {
              rememberNames([String(params.advertiser)]);
              return runSourceToSheet(services, {
                kind: "individualAds",
                params: definedOnly({ ...params, maxRows }),
              });
            },
          );
        }}
      >
        <h3>Individual ads (Pro)</h3>
        <Field label="Advertiser" required {...err("ads", "advertiser")}>
          <Input
            name="adsAdvertiser"
            value={ads.advertiser}
            list="recent-names"
            onChange={(_, d) => setAds({ ...ads, advertiser: d.value })}
          />
        </Field>
        <Field
          label="Start date"
          hint={`Default: ${D.individualAds.startDate.value}`}
          {...err("ads", "startDate")}
        >
          <Input
            name="adsStart"
            type="date"
            value={ads.startDate}
            onChange={(_, d) => setAds({ ...ads, startDate: d.value })}
          />
        </Field>
        <Field label="End date" hint={`Default: ${D.individualAds.endDate.value}`} {...err("ads", "endDate")}>
          <Input
            name="adsEnd"
            type="date"
            value={ads.endDate}
            onChange={(_, d) => setAds({ ...ads, endDate: d.value })}
          />
        </Field>
        <Field label="Most rows" hint="All pages up to this many rows" {...err("ads", "maxRows")}>
          <Input
            name="adsMaxRows"
            type="number"
            value={ads.maxRows}
            onChange={(_, d) => setAds({ ...ads, maxRows: d.value })}
          />
        </Field>
        <Field
          label="Rows per request (limit)"
          hint={`${D.individualAds.limit.note} Empty: 1,000 a request (the service's own default is ${D.individualAds.limit.value})`}
          {...err("ads", "limit")}
        >
          <Input
            name="adsLimit"
            type="number"
            value={ads.limit}
            onChange={(_, d) => setAds({ ...ads, limit: d.value })}
          />
        </Field>
        <Field label="Skip the first rows (offset)" hint="0 or more; default 0" {...err("ads", "offset")}>
          <Input
            name="adsOffset"
            type="number"
            value={ads.offset}
            onChange={(_, d) => setAds({ ...ads, offset: d.value })}
          />
        </Field>
        <Button type="submit" appearance="primary" disabledFocusable={busy === "ads"}>
          Ads to sheet
        </Button>
      </form>

      <form
        aria-label="Incrementality"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(
            "incrementality",
            incrementalityRequestSchema,
            {
              advertiser: text(inc.advertiser),
              aggregationLevel: text(inc.aggregationLevel),
              channelType: text(inc.channelType),
              action: text(inc.action),
              startDate: text(inc.startDate),
              endDate: text(inc.endDate),
              incCiCertainty: num(inc.incCiCertainty),
              includeErrors: inc.includeErrors || undefined,
            },
            (params) => runSourceToSheet(services, { kind: "incrementality", params }),
          );
        }}
      >
        <h3>Incrementality</h3>
        <Field
          label="Advertisers"
          hint="Comma-separated names; empty: not sent (the spec does not say which fields are required)"
          {...err("incrementality", "advertiser")}
        >
          <Input
            name="incAdvertiser"
            value={inc.advertiser}
            list="recent-names"
            onChange={(_, d) => setInc({ ...inc, advertiser: d.value })}
          />
        </Field>
        <Field
          label="Aggregation level"
          hint="e.g. channel, publisher, show_campaign"
          {...err("incrementality", "aggregationLevel")}
        >
          <Input
            name="incLevel"
            value={inc.aggregationLevel}
            onChange={(_, d) => setInc({ ...inc, aggregationLevel: d.value })}
          />
        </Field>
        <Field
          label="Channel types"
          hint="e.g. podcast. Applies only with aggregation level channel: not sent with another level"
          {...err("incrementality", "channelType")}
        >
          <Input
            name="incChannel"
            value={inc.channelType}
            onChange={(_, d) => setInc({ ...inc, channelType: d.value })}
          />
        </Field>
        <Field label="Actions" hint="Comma-separated; default all" {...err("incrementality", "action")}>
          <Input
            name="incAction"
            value={inc.action}
            onChange={(_, d) => setInc({ ...inc, action: d.value })}
          />
        </Field>
        <Field
          label="Start date"
          hint={`Default: ${D.incrementality.startDate.value}`}
          {...err("incrementality", "startDate")}
        >
          <Input
            name="incStart"
            type="date"
            value={inc.startDate}
            onChange={(_, d) => setInc({ ...inc, startDate: d.value })}
          />
        </Field>
        <Field
          label="End date"
          hint={`Default: ${D.incrementality.endDate.value}`}
          {...err("incrementality", "endDate")}
        >
          <Input
            name="incEnd"
            type="date"
            value={inc.endDate}
            onChange={(_, d) => setInc({ ...inc, endDate: d.value })}
          />
        </Field>
        <Field
          label="CI certainty (%)"
          hint={`${D.incrementality.incCiCertainty.note} Default ${D.incrementality.incCiCertainty.value}`}
          {...err("incrementality", "incCiCertainty")}
        >
          <Input
            name="incCi"
            type="number"
            value={inc.incCiCertainty}
            onChange={(_, d) => setInc({ ...inc, incCiCertainty: d.value })}
          />
        </Field>
        <Switch
          label="Include results with errors"
          checked={inc.includeErrors}
          onChange={(_, d) => setInc({ ...inc, includeErrors: d.checked })}
        />
        <Button type="submit" appearance="primary" disabledFocusable={busy === "incrementality"}>
          Incrementality to sheet
        </Button>
      </form>
    </section>
  );
}
