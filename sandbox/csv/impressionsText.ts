/** The text (and id) columns of the impressions report: the campaign's, its show's and its episode's. */
import { hash } from "../random";
import type { Settings } from "../model/delivery";
import {
  ADVERTISER_PROFILE,
  GEO_CELLS,
  PUBLISHERS,
  type Campaign,
  type Episode,
  type Show,
  type World,
} from "../world";
import { underDelivering } from "../model/bookedDelivery";
import { unitsText } from "../model/booking";
import { clock, iso, type Cell } from "./shared";
import { slug } from "./text";

/** What a campaign or show text column is read from. */
interface TextSource {
  c: Campaign;
  show: Show;
  world: World;
  s: Settings;
}
type TextColumn = (t: TextSource) => Cell;

function incrementalitySource(c: Campaign, s: Settings): string {
  const campaignLevel = s.displayType === "campaign" || s.displayType === "auto_serve_or_campaign";
  if (s.displayType.startsWith("auto_serve") && c.autoServe) return c.autoServe;
  return campaignLevel ? "Synthetic - Campaign" : "Synthetic - Channel";
}

/** Columns of the row's episode (the show's latest on the row's last day); null with aggregateEpisodicBuysPerShow. */
const EPISODE_TEXT: Record<string, (ep: Episode | undefined) => Cell> = {
  Episode: (ep) => ep?.title ?? null,
  "Episode ID": (ep) => ep?.serviceEpisodeId ?? null,
  "Publish Date": (ep) => (ep ? ep.uploadedAt.slice(0, 10) : null),
  "Episode GUID": (ep) => ep?.guid ?? null,
  "Episode Duration": (ep) => (ep ? clock(ep.duration) : null),
};

const SHOW_TEXT: Record<string, TextColumn> = {
  Show: ({ show }) => show.title,
  "Show ID": ({ show }) => show.seriesId,
  "Directory ID": ({ show }) => show.ids[show.ids.length - 1],
  "Alpha Channel / Playlist ID": ({ show, world }) => {
    const simulcast = show.simulcast === null ? null : world.shows[show.simulcast];
    return show.platform === "Alpha" ? show.ids[0] : (simulcast?.ids[0] ?? null);
  },
  Genre: ({ show }) => show.genre,
};

const CAMPAIGN_IDS: Record<string, TextColumn> = {
  "Ad Servers": ({ c }) =>
    c.type === "dai" ? (c.mediaType === "streaming" ? "streaming_adserverx" : "adserverx") : null,
  "AdserverX Campaign ID": ({ c }) => (c.type === "dai" ? `AX-${(hash(c.id) % 900000) + 100000}` : null),
  "Campaign ID": ({ c }) => c.id,
  "Campaign Internal ID": ({ c }) => slug(c.name),
  "Service Campaign ID": ({ c }) => `req-${hash(c.id).toString(16)}`,
  "Publisher ID": ({ c }) => `pub-${PUBLISHERS.indexOf(c.publisher) + 1}`,
};

const CAMPAIGN_TEXT: Record<string, TextColumn> = {
  Advertiser: ({ c }) => c.advertiser,
  "Media Type": ({ c }) => c.mediaType,
  Type: ({ c }) => c.type,
  Tags: ({ c }) => c.tags.join(","),
  Publisher: ({ c }) => c.publisher,
  Campaign: ({ c }) => c.name,
  Product: ({ c }) => c.booking?.product ?? ADVERTISER_PROFILE[c.advertiser].product,
  "Advertiser Industry": ({ c }) => ADVERTISER_PROFILE[c.advertiser].industry,
  Initiative: ({ c }) => c.initiative,
  "Business Line": ({ c }) => c.businessLine,
  "Bill To": ({ c }) => c.advertiser,
  "Campaign & Initiative": ({ c }) => `${c.name} / ${c.initiative}`,
  "Campaign Geo": ({ c }) => GEO_CELLS.find((g) => g.country === c.geo)?.countryName ?? c.geo,
  "Incrementality Source": ({ c, s }) => incrementalitySource(c, s),
  "Campaign Promo": ({ c }) => c.promo,
  "Campaign Unit": ({ c }) => (c.booking ? unitsText(c.booking.units) : c.unit),
  "Campaign Creatives": ({ c }) => `${slug(c.name)}-creative-1`,
  "Campaign Start Date": ({ c }) => iso(c.start),
  "Campaign Expected Date": ({ c }) => (c.type === "baked-in" ? iso(c.airDate) : null),
  "Campaign End Date": ({ c }) => iso(c.end),
  "Campaign Delivery Issues": ({ c, world }) => (underDelivering(world, c) ? "Under-delivering" : ""),
  "Campaign Placement Issues": ({ c }) =>
    c.type === "baked-in" && c.airDate - c.start > 14 * 86_400_000 ? "Late placement" : "",
};

const TEXT: Record<string, TextColumn> = { ...SHOW_TEXT, ...CAMPAIGN_IDS, ...CAMPAIGN_TEXT };

/** A text (or id) column of a row; undefined for a column that is a measure. */
export function textValue(
  col: string,
  row: { campaign: Campaign; lastDay: number },
  world: World,
  s: Settings,
  aggregate: boolean,
): Cell | undefined {
  const c = row.campaign;
  const show = world.shows[c.showIndex];
  // Own keys only: a column named like an Object property (constructor) is not a text column.
  if (Object.hasOwn(EPISODE_TEXT, col))
    return aggregate ? null : EPISODE_TEXT[col](world.episodeOn(show, row.lastDay));
  return Object.hasOwn(TEXT, col) ? TEXT[col]({ c, show, world, s }) : undefined;
}
