/**
 * Excel's ribbon key sequences ("KeyTips") that the grid knows, typed as in Excel: Alt (pressed and
 * let go, or held with the first letter), then the letters one after another:
 * - Alt, H, O, I: Home ▸ Format ▸ AutoFit Column Width (the selected columns);
 * - Alt, H, O, W: Home ▸ Format ▸ Column Width (a width in characters for the selected columns).
 * Escape, or any other key, leaves the sequence; while one is under way, the grid says so.
 */

export type KeyTipCommand = "autofit" | "width";

const SEQUENCES: Record<string, KeyTipCommand> = { hoi: "autofit", how: "width" };

export interface KeyTipState {
  /** The letters typed so far in a sequence; null when none is under way. */
  typed: string | null;
  /** Alt is down and nothing else was pressed with it (letting it go starts a sequence). */
  altAlone: boolean;
}

export const NO_KEYTIPS: KeyTipState = { typed: null, altAlone: false };

interface Key {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** A key going down: whether the sequence took it, and the command it completes. */
export function keyTipDown(
  s: KeyTipState,
  e: Key,
): { state: KeyTipState; handled: boolean; command?: KeyTipCommand } {
  if (e.key === "Alt") return { state: { ...s, altAlone: true }, handled: false };
  const letter = e.key.length === 1 && !e.ctrlKey && !e.metaKey ? e.key.toLowerCase() : null;
  const started = s.typed !== null || (e.altKey && letter === "h");
  if (!started) return { state: { ...s, altAlone: false }, handled: false };
  const next = letter === null ? null : (s.typed ?? "") + letter;
  if (next === null || !Object.keys(SEQUENCES).some((q) => q.startsWith(next)))
    // Escape or a key no sequence has: the sequence ends, the key with it (as Excel's KeyTips do).
    return { state: NO_KEYTIPS, handled: true };
  const command = SEQUENCES[next];
  return command
    ? { state: NO_KEYTIPS, handled: true, command }
    : { state: { typed: next, altAlone: false }, handled: true };
}

/** A key going up: Alt let go on its own starts a sequence (or ends one under way). */
export function keyTipUp(s: KeyTipState, key: string): KeyTipState {
  if (key !== "Alt" || !s.altAlone) return s;
  return { typed: s.typed === null ? "" : null, altAlone: false };
}

/** What the grid says while a sequence is under way: the keys typed, and what each next key does. */
export function keyTipHint(s: KeyTipState): string | null {
  if (s.typed === null) return null;
  const typed = s.typed;
  const upper = (keys: string) => keys.toUpperCase().split("").join(", ");
  const does: Record<KeyTipCommand, string> = {
    autofit: "autofits the selected columns",
    width: "sets their width",
  };
  const next = Object.entries(SEQUENCES)
    .filter(([keys]) => keys.startsWith(typed))
    .map(([keys, command]) => `${upper(keys.slice(typed.length))} ${does[command]}`);
  return `Keys ${["Alt", upper(typed)].filter(Boolean).join(", ")}: ${next.join("; ")}; Esc leaves.`;
}
