// Makes every icon the manifest uses (ribbon sizes 16, 20, 24, 32, 40, 48, 64, 80 px; 32 and 64 are also
// the add-in's icon) from one source image, assets/source/icon.png (square, 8-bit RGBA or RGB PNG, at
// least 80 px; 960 px divides evenly into every size). Run after changing the source:
//   node scripts/make-icons.js            (writes assets/icon-<size>.png; a folder argument writes there)
// Each size is an area average of the source (alpha-weighted), so edges stay smooth at every size.
// test/icons.test.ts checks that the committed icons are exactly what this script makes.
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const SIZES = [16, 20, 24, 32, 40, 48, 64, 80];
const ROOT = path.join(__dirname, "..");
const SOURCE = path.join(ROOT, "assets", "source", "icon.png");
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function crc32(buf) {
  let crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    let c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function predict(filter, a, b, c) {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4:
      return paeth(a, b, c);
    default:
      throw new Error(`the icon source uses an unknown PNG filter ${filter}`);
  }
}

/** Decodes a non-interlaced 8-bit RGBA or RGB PNG into { width, height, rgba }. */
function decodePng(buf) {
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error("the icon source is not a PNG file");
  let pos = 8,
    width = 0,
    height = 0,
    channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = data.subarray(8, 13);
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error("the icon source must be an 8-bit RGBA or RGB PNG, not interlaced");
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      px[y * stride + x] = (line[x] + predict(filter, a, b, c)) & 0xff;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) rgba[i * 4 + k] = px[i * channels + k];
    rgba[i * 4 + 3] = channels === 4 ? px[i * channels + 3] : 255;
  }
  return { width, height, rgba };
}

function encodePng(size, rgba) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Area-average resize of a square image to size × size, weighting colour by alpha. */
function resize(img, size) {
  const scale = img.width / size;
  const out = Buffer.alloc(size * size * 4);
  for (let oy = 0; oy < size; oy++) {
    for (let ox = 0; ox < size; ox++) {
      const x0 = ox * scale,
        x1 = x0 + scale,
        y0 = oy * scale,
        y1 = y0 + scale;
      let r = 0,
        g = 0,
        b = 0,
        a = 0,
        area = 0;
      for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
        const wy = Math.min(y + 1, y1) - Math.max(y, y0);
        for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
          const w = wy * (Math.min(x + 1, x1) - Math.max(x, x0));
          const i = (y * img.width + x) * 4;
          const alpha = img.rgba[i + 3] * w;
          r += img.rgba[i] * alpha;
          g += img.rgba[i + 1] * alpha;
          b += img.rgba[i + 2] * alpha;
          a += alpha;
          area += w;
        }
      }
      const o = (oy * size + ox) * 4;
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(b / a) : 0;
      out[o + 3] = Math.round(a / area);
    }
  }
  return out;
}

/** The icon files the source makes: size → PNG bytes. */
function iconsFrom(sourcePng) {
  const img = decodePng(sourcePng);
  if (img.width !== img.height || img.width < Math.max(...SIZES))
    throw new Error(
      `the icon source must be square and at least ${Math.max(...SIZES)} px (got ${img.width}×${img.height})`,
    );
  return new Map(SIZES.map((s) => [s, encodePng(s, resize(img, s))]));
}

if (require.main === module) {
  const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, "assets"));
  for (const [size, png] of iconsFrom(fs.readFileSync(SOURCE))) {
    const file = path.join(outDir, `icon-${size}.png`);
    fs.writeFileSync(file, png);
    console.log(`${path.relative(ROOT, file)} ${png.length} bytes`);
  }
}

module.exports = { SIZES, SOURCE, iconsFrom, decodePng };
