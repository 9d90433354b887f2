/** The icons are made from one source image by scripts/make-icons.js, in every ribbon size Office supports. */
import { execFileSync } from "child_process";
import { mkdtempSync, readFileSync, rmSync } from "fs";
import os from "os";
import path from "path";
const { SIZES, iconsFrom, decodePng } = require("../scripts/make-icons") as {
  SIZES: number[];
  iconsFrom(source: Buffer): Map<number, Buffer>;
  decodePng(png: Buffer): { width: number; height: number; rgba: Buffer };
};

const assets = path.resolve(__dirname, "..", "assets");

test("every ribbon size Office supports is made: 16, 20, 24, 32, 40, 48, 64, 80 px", () => {
  expect(SIZES).toEqual([16, 20, 24, 32, 40, 48, 64, 80]);
  for (const size of SIZES) {
    const icon = decodePng(readFileSync(path.join(assets, `icon-${size}.png`)));
    expect({ size, width: icon.width, height: icon.height }).toEqual({ size, width: size, height: size });
  }
});

test("the committed icons are exactly what the script makes from the source image", () => {
  // A child process: the script's pixel loops run many times slower inside Jest's module sandbox.
  const out = mkdtempSync(path.join(os.tmpdir(), "ads-icons-"));
  try {
    execFileSync(process.execPath, [path.resolve(__dirname, "..", "scripts", "make-icons.js"), out]);
    for (const size of SIZES) {
      const same = readFileSync(path.join(out, `icon-${size}.png`)).equals(
        readFileSync(path.join(assets, `icon-${size}.png`)),
      );
      expect({ size, same }).toEqual({ size, same: true });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("an icon keeps the source's colours: the tile's blue in a corner, white bars inside", () => {
  const icon = decodePng(readFileSync(path.join(assets, "icon-80.png")));
  const px = (x: number, y: number) => [...icon.rgba.subarray((y * 80 + x) * 4, (y * 80 + x) * 4 + 4)];
  expect(px(0, 0)).toEqual([16, 110, 190, 255]);
  expect(px(62, 60)).toEqual([255, 255, 255, 255]);
});

test("a source the script cannot use is refused with a reason", () => {
  expect(() => iconsFrom(Buffer.from("not a png"))).toThrow(/not a PNG/);
  const small = readFileSync(path.join(assets, "icon-48.png"));
  expect(() => iconsFrom(small)).toThrow(/at least 80 px/);
});
