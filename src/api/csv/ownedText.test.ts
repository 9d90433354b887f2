import fc from "fast-check";
import { ownedText } from "./ownedText";

test("property: a kept copy is the same text, code unit for code unit (lone surrogates too)", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(), (s, at) => {
      const text = `${s}${"x".repeat(20)}`.slice(at % (s.length + 1));
      expect(ownedText(text)).toBe(text);
    }),
    { numRuns: 2000 },
  );
});
