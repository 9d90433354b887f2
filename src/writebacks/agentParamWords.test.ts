import { paramNameNote, paramWords } from "./agentParamWords";

test("issue 49: an agent's parameter names are offered in words; the name itself is what is sent", () => {
  expect(paramWords("client_name")).toBe("Client name");
  expect(paramWords("startDate")).toBe("Start date");
  expect(paramWords("showIds")).toBe("Show ids");
  expect(paramWords("max-results")).toBe("Max results");
  expect(paramWords("advertiserID")).toBe("Advertiser ID");
  expect(paramWords("geo")).toBe("Country or region");
  expect(paramWords("target_cpm")).toBe("Target CPM");
  expect(paramWords("Budget")).toBe("Budget");
  expect(paramNameNote("client_name")).toBe("Client name (sent as client_name)");
  expect(paramNameNote("Budget")).toBeNull();
  expect(paramNameNote("  ")).toBeNull();
});
