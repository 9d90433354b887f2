/**
 * A show as a card (ADS.SHOWCARD): its title as the cell's text; audience, ads and about sections;
 * its top advertisers as a nested list. Built from the one show-info answer every show function
 * shares (FunctionKit.showInfo), so a card spends no request of its own.
 */
import type { DateSystem } from "../../api/excelDates";
import type { ShowInfo } from "../../api/schemas";
import { entityValue, FieldSet, type CardNumberKind, type CardSection } from "./cellValues";

/** The show card's fields by section, in the order the card shows them (docs/functions.md). */
export const SHOW_CARD_SECTIONS: readonly CardSection[] = [
  {
    title: "Audience",
    properties: [
      "Monthly listeners",
      "Monthly downloads",
      "Downloads per episode",
      "Podcast monthly downloads",
      "Podcast downloads per episode",
      "Alpha monthly views",
      "Alpha views per episode",
      "Gamma monthly views",
      "Gamma views per episode",
      "Beta monthly views",
      "Beta views per episode",
    ],
  },
  {
    title: "Ads",
    properties: [
      "Ad load",
      "Alpha ad load",
      "Direct response",
      "Host read",
      "Ads detected",
      "Renewal rate",
      "Top advertisers",
    ],
  },
  {
    title: "About",
    properties: [
      "Platform",
      "Show ID",
      "Service show ID",
      "Gamma video opt-in",
      "Service prefix placed",
      "Content risk",
      "Social A",
      "Social B",
      "Social C",
      "Alpha channel",
      "Social D",
      "Social A followers",
      "Social B followers",
      "Social C followers",
      "Alpha subscribers",
      "Social D followers",
    ],
  },
];

const SHOW_CARD_ICON = "Headphones";

/**
 * `asked`: the id the planner gave (a directory id such as 1200000001, or an Alpha channel id), shown
 * as "Show ID"; the service's own number for the show (serviceSeriesId, the Show ID column of a
 * search or a report) sits beside it as "Service show ID", so neither is taken for the other.
 */
export function showCard(
  show: ShowInfo,
  kind: CardNumberKind,
  system: DateSystem,
  asked: string,
): Excel.EntityCellValue {
  const f = new FieldSet(kind, system)
    .text("Title", show.title)
    .count("Monthly listeners", show.monthlyListeners)
    .count("Monthly downloads", show.monthlyDownloads)
    .count("Downloads per episode", show.avgDownloadsPerEpisode)
    .count("Podcast monthly downloads", show.podcastMonthlyDownloads)
    .count("Podcast downloads per episode", show.podcastAvgDownloadsPerEpisode)
    .count("Alpha monthly views", show.ytMonthlyDownloads)
    .count("Alpha views per episode", show.ytAvgDownloadsPerEpisode)
    .count("Gamma monthly views", show.gammaMonthlyDownloads)
    .count("Gamma views per episode", show.gammaAvgDownloadsPerEpisode)
    .count("Beta monthly views", show.betaMonthlyDownloads)
    .count("Beta views per episode", show.betaAvgDownloadsPerEpisode)
    .percent("Ad load", show.adLoad)
    .percent("Alpha ad load", show.adLoadYT)
    .percent("Direct response", show.directRes)
    .percent("Host read", show.hostRead)
    .count("Ads detected", show.countAds)
    .percent("Renewal rate", show.renewalRate)
    .list("Top advertisers", show.topAdvertisers)
    .text("Platform", show.platform)
    .text("Show ID", asked)
    .number("Service show ID", show.serviceSeriesId, "0")
    .date("Gamma video opt-in", show.gammaVideoOptInDate)
    .boolean("Service prefix placed", show.isServicePrefixPlaced)
    .text("Content risk", show.contentRisk?.overallScore)
    .text("Social A", show.socialA)
    .text("Social B", show.socialB)
    .text("Social C", show.socialC)
    .text("Alpha channel", show.alpha)
    .text("Social D", show.socialD)
    .count("Social A followers", show.numSocialAFans)
    .count("Social B followers", show.numSocialBFans)
    .count("Social C followers", show.numSocialCFans)
    .count("Alpha subscribers", show.numAlphaFans)
    .count("Social D followers", show.numSocialDFans);
  return entityValue(show.title, f.fields, SHOW_CARD_SECTIONS, {
    icon: SHOW_CARD_ICON,
    titleField: "Title",
  });
}
