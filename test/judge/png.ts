/**
 * A PNG's pixels (8-bit RGB or RGBA, not interlaced: what LibreOffice's PNG export writes), decoded
 * with fflate, which the project already has: enough for the judge to look at the pictures it makes.
 */
import { unzlibSync } from "fflate";

export interface Picture {
  width: number;
  height: number;
  /** RGB of pixel (x, y). */
  at(x: number, y: number): [number, number, number];
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

export function decodePng(bytes: Uint8Array): Picture {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  for (let p = 8; p < bytes.length;) {
    const length = view.getUint32(p);
    const type = String.fromCharCode(...bytes.subarray(p + 4, p + 8));
    const data = bytes.subarray(p + 8, p + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(p + 8);
      height = view.getUint32(p + 12);
      const [depth, color, , , interlace] = data.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (color !== 2 && color !== 6))
        throw new Error(`PNG of bit depth ${depth}, colour type ${color}, interlace ${interlace}: not read`);
      channels = color === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(data);
    p += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
  idat.reduce((o, d) => (joined.set(d, o), o + d.length), 0);
  const raw = unzlibSync(joined);
  const stride = width * channels;
  const px = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? px[y * stride + i - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= channels ? px[(y - 1) * stride + i - channels] : 0;
      const v = line[i];
      px[y * stride + i] =
        (filter === 0
          ? v
          : filter === 1
            ? v + a
            : filter === 2
              ? v + b
              : filter === 3
                ? v + ((a + b) >> 1)
                : v + paeth(a, b, c)) & 255;
    }
  }
  return {
    width,
    height,
    at: (x, y) => {
      const o = y * stride + x * channels;
      return [px[o], px[o + 1], px[o + 2]];
    },
  };
}

/** Pixels of `picture` within `tolerance` (per channel) of `hex` (#RRGGBB). */
export function pixelsOf(picture: Picture, hex: string, tolerance = 24): number {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let n = 0;
  for (let y = 0; y < picture.height; y++)
    for (let x = 0; x < picture.width; x++) {
      const p = picture.at(x, y);
      if (want.every((w, k) => Math.abs(p[k] - w) <= tolerance)) n++;
    }
  return n;
}
