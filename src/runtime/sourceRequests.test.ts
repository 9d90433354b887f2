import { sourceRequests } from "./sourceRequests";

test("a report sheet's refresh is one request; individual ads a request a page", () => {
  expect(sourceRequests({ kind: "estimatedSpendByDay", params: { advertisers: ["Acme"] } })).toEqual({
    requests: 1,
    exact: true,
  });
  expect(sourceRequests({ kind: "show", params: { id: "1200000001" } })).toEqual({
    requests: 1,
    exact: true,
  });
  expect(sourceRequests({ kind: "individualAds", params: { maxRows: 2500, limit: 500 } })).toEqual({
    requests: 5,
    exact: false,
  });
  expect(sourceRequests({ kind: "individualAds", params: {} }, 1000)).toEqual({ requests: 2, exact: false });
});
