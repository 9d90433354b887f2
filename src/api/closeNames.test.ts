import { closeNames } from "./closeNames";

const KNOWN = ["Acme Mattress", "Northwind Coffee", "Initech Software", "Stark Apparel", "Wayne Travel"];

test.each([
  ["Acme Mattres", ["Acme Mattress"]], // a letter left out
  ["acme mattress", ["Acme Mattress"]], // case only
  ["Acme  Matress", ["Acme Mattress"]], // spacing and a letter
  ["Nortwhind Coffee", ["Northwind Coffee"]], // two letters swapped, one left out
  ["Acme", ["Acme Mattress"]], // the first word of a known name
  ["Globex Bank", []], // nothing close
  ["Acme Mattress", []], // the name itself is not offered as its own correction
])("%s → %j", (name, close) => {
  expect(closeNames(name, KNOWN)).toEqual(close);
});

test("closest first, at most three, each name once", () => {
  const known = [
    "Stark Apparell",
    "Stark Apparel",
    "stark apparel",
    "Stark Aparel",
    "Stork Apparel",
    "Stark Apparels",
  ];
  expect(closeNames("Stark Aparell", known)).toEqual(["Stark Apparell", "Stark Aparel", "Stark Apparel"]);
});
