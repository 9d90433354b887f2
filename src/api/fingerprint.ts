/** A short fingerprint of a text: FNV-1a twice with different seeds, 16 hex digits. Not for secrets. */
export function fingerprint(text: string): string {
  const fnv = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, "0");
  };
  return fnv(0x811c9dc5) + fnv(0x050c5d1f);
}
