/** The estimated spend of one detected ad: podcast downloads of its episode at the show's CPM (podcast rows only). */
import type { Episode, Show } from "../world";

export function adSpend(show: Show, episode: Episode): number {
  return Math.round((episode.downloads.podcast[0] * show.cpm) / 10) / 100;
}
