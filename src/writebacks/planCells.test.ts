import fc from "fast-check";
import { readBoolean, readDate, readList, readNumber, readText, readUnits, serialToIso } from "./planCells";

describe("plan cells", () => {
  it("reads Excel date serials and ISO text as UTC ISO date-times", () => {
    expect(readDate(45658)).toEqual({ ok: true, value: "2025-01-01T00:00:00.000Z" });
    expect(readDate(45658.5)).toEqual({ ok: true, value: "2025-01-01T12:00:00.000Z" });
    expect(readDate("2025-03-15")).toEqual({ ok: true, value: "2025-03-15T00:00:00.000Z" });
    expect(readDate("2025-03-15T09:30:00+02:00")).toEqual({ ok: true, value: "2025-03-15T07:30:00.000Z" });
    expect(readDate("  ")).toEqual({ ok: true, value: undefined });
  });

  it("refuses text that is not a date, impossible days and absurd serials", () => {
    expect(readDate("15/03/2025")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("YYYY-MM-DD"),
    });
    expect(readDate("2025-02-30")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not a valid date"),
    });
    expect(readDate(-3)).toMatchObject({ ok: false });
    expect(readDate(true)).toMatchObject({ ok: false });
  });

  it("round-trips whole-day serials through ISO", () => {
    fc.assert(
      fc.property(fc.integer({ min: 61, max: 2_958_465 }), (serial) => {
        const iso = serialToIso(serial);
        const back = (Date.parse(iso) - Date.UTC(1899, 11, 30)) / 86_400_000;
        expect(back).toBe(serial);
        expect(readDate(iso.slice(0, 10))).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it("reads numbers typed as text, with thousands separators", () => {
    expect(readNumber("1,000,000")).toEqual({ ok: true, value: 1_000_000 });
    expect(readNumber(12.5)).toEqual({ ok: true, value: 12.5 });
    expect(readNumber("12x")).toMatchObject({ ok: false, reason: '"12x" is not a number' });
    expect(readNumber("1,000.5")).toEqual({ ok: true, value: 1000.5 });
    // A decimal comma is not a thousands separator: refused, never read as 125.
    expect(readNumber("12,5")).toMatchObject({ ok: false, reason: expect.stringMatching(/use a point/) });
    expect(readNumber("1,00")).toMatchObject({ ok: false });
  });

  it("splits comma lists and drops blanks", () => {
    expect(readList(" a, b ,,c ")).toEqual({ ok: true, value: ["a", "b", "c"] });
    expect(readList(" , ")).toEqual({ ok: true, value: undefined });
    expect(readText(123456)).toEqual({ ok: true, value: "123456" });
  });

  it("reads expectedUnits as position:length pairs", () => {
    expect(readUnits("pre:30, MID:60,post : 15.5")).toEqual({
      ok: true,
      value: [
        { position: "pre", length: 30 },
        { position: "mid", length: 60 },
        { position: "post", length: 15.5 },
      ],
    });
    expect(readUnits("pre30")).toMatchObject({ ok: false, reason: expect.stringContaining('"pre30"') });
    expect(readUnits("pre:-5")).toMatchObject({ ok: false });
  });

  it("reads booleans written several ways", () => {
    expect(readBoolean(true)).toEqual({ ok: true, value: true });
    expect(readBoolean("no")).toEqual({ ok: true, value: false });
    expect(readBoolean(1)).toEqual({ ok: true, value: true });
    expect(readBoolean("maybe")).toMatchObject({ ok: false });
  });
});
