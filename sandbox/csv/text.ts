/** Text the reports share: transliteration, lookup names. */

const ASCII: Record<string, string> = {
  "–": "-",
  "—": "-",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "…": "...",
};

const translitCache = new Map<string, string>();

/** The service's transliteration: accents dropped, typographic punctuation made plain, anything else non-ASCII removed. */
export function transliterate(text: string): string {
  if (!/[\u{80}-\u{10FFFF}]/u.test(text)) return text;
  let out = translitCache.get(text);
  if (out === undefined) translitCache.set(text, (out = plain(text)));
  return out;
}

function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[–—‘’“”…]/g, (ch) => ASCII[ch])
    .replace(/[\u{80}-\u{10FFFF}]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** An advertiser's or campaign's lookup name: "Acme Mattress" → "acme-mattress". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
