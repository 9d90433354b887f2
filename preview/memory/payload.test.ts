/** The weight of a request: Node's native UTF-8 count and the browser's own agree on every JSON text. */
import { countUtf8, utf8Length } from "./payload";

test.each([
  ["plain ASCII", '{"a":[1,2,"x"]}'],
  ["accents and the euro", JSON.stringify(["Café", "€12", "naïve"])],
  ["a surrogate pair (emoji)", JSON.stringify("Plan 🎧 ok")],
  ["a lone surrogate, escaped by JSON", JSON.stringify("cut \ud83c here")],
  ["long text", JSON.stringify("Ω".repeat(40_000))],
])("%s", (_, text) => {
  expect(utf8Length(text)).toBe(countUtf8(text));
  expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
});
