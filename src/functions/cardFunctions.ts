/**
 * ADS.SHOWCARD and ADS.ADVERTISERCARD: a show or an advertiser as a card in its cell (Excel's entity
 * value, src/functions/cards/), whose fields a dot reference reads (=B2.[Monthly listeners]). They
 * spend as the other functions do: a show card is the one show-info answer SHOW, SHOWLISTENERS,
 * TOPADVERTISERS and SIMILAR share (one request per show, held until refreshed); an advertiser card
 * one page of its ads, held the same way. Where this Excel cannot show data types, each answers with
 * its title as text (the show's title; the advertiser's name, with no request).
 */
import * as arg from "./args";
import type { Arg } from "./args";
import type { FunctionKit } from "./functionKit";
import { advertiserCard, ADVERTISER_CARD_ADS } from "./cards/advertiserCard";
import { showCard } from "./cards/showCard";

export function cardFunctions(kit: FunctionKit) {
  return {
    SHOWCARD: (showId: Arg, signal?: AbortSignal) =>
      kit.guardedCard("SHOWCARD", async (system, kind) => {
        const asked = arg.showId(showId);
        const show = await kit.showInfo(asked, signal);
        return kind ? showCard(show, kind, system, asked) : show.title;
      }),

    ADVERTISERCARD: (advertiser: Arg, signal?: AbortSignal) =>
      kit.guardedCard("ADVERTISERCARD", async (system, kind) => {
        const name = arg.requiredText(advertiser, "advertiser");
        if (!kind) return name;
        const client = kit.connected();
        const ads = await kit.forAdvertisers([name], () =>
          kit.cached(
            client,
            JSON.stringify(["advertiser-card", name]),
            (s) => client.ads.individual({ advertiser: name, limit: ADVERTISER_CARD_ADS }, s),
            signal,
          ),
        );
        return advertiserCard(name, ads, kind, system);
      }),
  };
}
