/**
 * The streamed download's decoding (utf8Sink): whatever pieces the bytes arrive in, the text is the
 * one decoding the whole body gives, characters cut between pieces, invalid bytes and a BOM included.
 */
import fc from "fast-check";
import { utf8Sink } from "./download";

/**
 * The text utf8Sink hands over for `bytes` arriving in the pieces cut at `cuts`, decoded in batches
 * of at least `batch` bytes (1: each piece as it comes).
 */
function streamed(bytes: Uint8Array, cuts: number[], batch = 1): string {
  return pushed(bytes, cuts, batch).join("");
}

function pushed(bytes: Uint8Array, cuts: number[], batch: number): string[] {
  const parts: string[] = [];
  const sink = utf8Sink({ push: (text) => void parts.push(text) }, batch);
  let at = 0;
  for (const cut of cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b)) {
    sink.write(bytes.subarray(at, cut));
    at = cut;
  }
  sink.write(bytes.subarray(at));
  sink.end();
  return parts;
}

const whole = (bytes: Uint8Array) => new TextDecoder("utf-8").decode(bytes);

test("property: any UTF-8 (and any bytes), cut anywhere, decodes as the whole body does", () => {
  const text = fc.string({ unit: "binary", maxLength: 30 }).map((s) => new TextEncoder().encode(s));
  const junk = fc.uint8Array({ maxLength: 4 });
  const body = fc
    .array(fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: junk }), { maxLength: 6 })
    .map((parts) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    });
  fc.assert(
    fc.property(
      body,
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 12 }),
      (bytes, cuts, bom, batch) => {
        const b = bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]) : bytes;
        expect(streamed(b, cuts, batch)).toBe(whole(b));
      },
    ),
    { numRuns: 5000 },
  );
});

test("a BOM is dropped only at the start, even cut in three; one after it is text", () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xef, 0xbb, 0xbf, 0x62]);
  expect(streamed(bytes, [1, 2, 3, 5])).toBe("a\ufeffb");
  expect(whole(bytes)).toBe("a\ufeffb");
});

test("a four-byte character cut after each of its bytes, and an unfinished one at the end", () => {
  const smile = new TextEncoder().encode("x😀y");
  expect(streamed(smile, [2, 3, 4])).toBe("x😀y");
  expect(streamed(smile.subarray(0, 4), [2])).toBe(whole(smile.subarray(0, 4)));
  expect(whole(smile.subarray(0, 4))).toBe("x\ufffd");
});

test("pieces are gathered into batches before they are decoded; the last batch at the end", () => {
  const bytes = new TextEncoder().encode("abcdefghij");
  // Ten one-byte pieces, batches of four: read at 4 and 8 bytes, the last two at the end.
  expect(pushed(bytes, [1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual(["abcd", "efgh", "ij"]);
  // A batch that ends inside a character leaves it for the next one (nothing is left for the end).
  const cut = new TextEncoder().encode("ab€cd");
  expect(pushed(cut, [1, 2, 3], 3)).toEqual(["ab", "€cd", ""]);
});
