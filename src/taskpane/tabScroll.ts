/**
 * Where a sideways-scrolling list should scroll so one item is fully in view, moving as little as
 * possible (pure: the tab bar measures, this decides). Positions are in the list's content box.
 */
export function scrollToShow(
  scrollLeft: number,
  viewWidth: number,
  itemStart: number,
  itemWidth: number,
): number {
  const itemEnd = itemStart + itemWidth;
  // An item wider than the view shows its start.
  if (itemStart < scrollLeft || itemWidth >= viewWidth) return Math.max(0, itemStart);
  if (itemEnd > scrollLeft + viewWidth) return itemEnd - viewWidth;
  return scrollLeft;
}
