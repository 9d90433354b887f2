/** The build's deployment settings, read by the pane: right ones pass, a wrong one is named. */
import { readDeployment, supportLink } from "./deployment";

const good = {
  version: "1.2.3",
  local: false,
  serviceUrl: "https://ads.example.com",
  approvedServiceUrls: ["https://staging.example.com"],
  getKeyUrl: "https://ads.example.com/keys",
  supportContact: { kind: "email", value: "help@example.com" },
};

test("right settings come back as they are", () => {
  expect(readDeployment(good)).toEqual(good);
  expect(supportLink(readDeployment(good))).toEqual({
    href: "mailto:help@example.com",
    text: "help@example.com",
  });
  const { getKeyUrl: _k, supportContact: _c, ...bare } = good;
  expect(readDeployment(bare)).toEqual(bare);
});

test.each([
  [{ ...good, serviceUrl: "not an address" }, "serviceUrl"],
  [{ ...good, serviceUrl: undefined }, "serviceUrl"],
  [{ ...good, local: "no" }, "local"],
  [{ ...good, version: 3 }, "version"],
  [{ ...good, approvedServiceUrls: ["https://ok.example.com", "nope"] }, "approvedServiceUrls"],
  [{ ...good, getKeyUrl: "" }, "getKeyUrl"],
  [{ ...good, supportContact: { kind: "phone", value: "123" } }, "supportContact.kind"],
  [{ ...good, supportContact: { kind: "url", value: "" } }, "supportContact.value"],
])("a wrong setting is refused by name (%#: %s)", (raw, field) => {
  expect(() => readDeployment(raw)).toThrow(`This build has no valid deployment settings: ${field}:`);
});

test("no settings at all is refused", () => {
  expect(() => readDeployment(undefined)).toThrow("no valid deployment settings: expected an object");
});
