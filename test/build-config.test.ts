/** The build settings (scripts/build-config.js): what a production build needs, what it refuses, and how a local build is told apart. */
const { readBuildConfig, describeBuild } = require("../scripts/build-config") as {
  readBuildConfig(env: Record<string, string | undefined>, mode: string, version: string): BuildConfig;
  describeBuild(config: BuildConfig): string;
};
const { manifestForBuild } = require("../scripts/manifest-urls") as {
  manifestForBuild(xml: string, config: BuildConfig): string;
};

interface BuildConfig {
  mode: string;
  local: boolean;
  addinBaseUrl: string;
  deployment: {
    serviceUrl: string;
    local: boolean;
    approvedServiceUrls: string[];
    getKeyUrl?: string;
    supportContact?: { kind: string; value: string };
  };
}

const prod = (env: Record<string, string>) => readBuildConfig(env, "production", "1.2.3");
const DEPLOY = {
  ADDIN_BASE_URL: "https://addins.example.test/ads",
  SERVICE_BASE_URL: "https://api.example.test",
};

test("a production build without settings fails, saying what to set", () => {
  expect(() => prod({})).toThrow(/ADDIN_BASE_URL=https:\/\/.*\n.*SERVICE_BASE_URL=https:\/\//);
  expect(() => prod({ ADDIN_BASE_URL: DEPLOY.ADDIN_BASE_URL })).toThrow(/SERVICE_BASE_URL is not set/);
});

test("a deployable build: https everywhere, trailing slash dropped, not local", () => {
  const c = prod({
    ADDIN_BASE_URL: "https://addins.example.test/ads/",
    SERVICE_BASE_URL: DEPLOY.SERVICE_BASE_URL,
  });
  expect(c).toMatchObject({
    mode: "production",
    local: false,
    addinBaseUrl: "https://addins.example.test/ads",
    deployment: { serviceUrl: "https://api.example.test", local: false, approvedServiceUrls: [] },
  });
  expect(describeBuild(c)).toMatch(/^Deployable build/);
  expect(describeBuild(c)).toMatch(/SUPPORT_CONTACT is not set/);
});

test.each([
  ["ADDIN_BASE_URL", "http://addins.example.test/ads", /must use https/],
  ["ADDIN_BASE_URL", "https://addins.example.test/ads?x=1", /must not have a query/],
  ["ADDIN_BASE_URL", "https://addins.example.test/ads#top", /must not have a fragment/],
  [
    "ADDIN_BASE_URL",
    "https://addins.example.test/ads ",
    /must be written exactly as https:\/\/addins.example.test\/ads/,
  ],
  ["ADDIN_BASE_URL", "https://Addins.Example.test/ads", /must be written exactly as/],
  ["ADDIN_BASE_URL", "https://addins.example.test//ads", /doubled slashes/],
  ["ADDIN_BASE_URL", "https://addins.example.test/ads/taskpane.html", /folder .* not a file/],
  ["ADDIN_BASE_URL", "https://user:pw@addins.example.test/ads", /user name or password/],
  ["ADDIN_BASE_URL", "addins.example.test/ads", /not a web address/],
  ["SERVICE_BASE_URL", "http://api.example.test", /must use https/],
  ["SERVICE_BASE_URL", "https://api.example.test/v1/junk?", /must not have a query/],
  ["SERVICE_BASE_URL", "http://127.0.0.1:4010", /points at this computer/],
  ["GET_KEY_URL", "ftp://keys.example.test", /must start with https/],
  ["SUPPORT_CONTACT", "help desk", /not a web address/],
  ["APPROVED_SERVICE_URLS", "https://eu.example.test,http://us.example.test", /must use https/],
])("%s=%j is refused, naming the setting", (name, value, why) => {
  const env: Record<string, string> = { ...DEPLOY, [name]: value };
  expect(() => prod(env)).toThrow(new RegExp(`^${name} `));
  expect(() => prod(env)).toThrow(why);
});

test("optional settings reach the pane's deployment", () => {
  const c = prod({
    ...DEPLOY,
    APPROVED_SERVICE_URLS: "https://eu.example.test, https://us.example.test/",
    GET_KEY_URL: "https://app.example.test/settings/api",
    SUPPORT_CONTACT: "support@example.test",
  });
  expect(c.deployment).toMatchObject({
    approvedServiceUrls: ["https://eu.example.test", "https://us.example.test"],
    getKeyUrl: "https://app.example.test/settings/api",
    supportContact: { kind: "email", value: "support@example.test" },
  });
  expect(
    prod({ ...DEPLOY, SUPPORT_CONTACT: "https://help.example.test/ads" }).deployment.supportContact,
  ).toEqual({
    kind: "url",
    value: "https://help.example.test/ads",
  });
  expect(describeBuild(c)).not.toMatch(/SUPPORT_CONTACT/);
});

test("ADDIN_BASE_URL on this computer makes a local build (http allowed) that says so everywhere", () => {
  const c = prod({ ADDIN_BASE_URL: "http://127.0.0.1:8080/sub/path" });
  expect(c).toMatchObject({ local: true, deployment: { local: true, serviceUrl: "http://127.0.0.1:4010" } });
  expect(describeBuild(c)).toMatch(/LOCAL production build .* not for deployment/);
  const xml =
    '<DisplayName DefaultValue="Ads Analytics"/><SourceLocation DefaultValue="https://localhost:3000/taskpane.html"/>';
  expect(manifestForBuild(xml, c)).toBe(
    '<DisplayName DefaultValue="Ads Analytics (local build)"/><SourceLocation DefaultValue="http://127.0.0.1:8080/sub/path/taskpane.html"/>',
  );
  expect(prod({ ADDIN_BASE_URL: "http://localhost:3000" }).local).toBe(true);
  expect(prod({ ADDIN_BASE_URL: "http://[::1]:3000/x" }).local).toBe(true);
});

test("a development build needs no settings, keeps the development manifest and is local", () => {
  const c = readBuildConfig({}, "development", "1.2.3");
  expect(c).toMatchObject({
    mode: "development",
    local: true,
    deployment: { serviceUrl: "http://127.0.0.1:4010" },
  });
  expect(describeBuild(c)).toMatch(/^Development build, for local use only/);
  const xml = '<DisplayName DefaultValue="Ads Analytics"/>';
  expect(manifestForBuild(xml, c)).toBe(xml);
  // A developer may point the pane at another service.
  expect(
    readBuildConfig({ SERVICE_BASE_URL: "https://staging.example.test" }, "development", "1").deployment
      .serviceUrl,
  ).toBe("https://staging.example.test");
});

test("issue 57: a build's sandbox follows SANDBOX_PORT, so npm start names only the service it runs", () => {
  const c = readBuildConfig({ SANDBOX_PORT: "4100" }, "development", "1");
  expect(c.deployment.serviceUrl).toBe("http://127.0.0.1:4100");
  expect(describeBuild(c)).toContain("service http://127.0.0.1:4100.");
  expect(describeBuild(c)).not.toContain("4010");
  expect(prod({ ADDIN_BASE_URL: "http://127.0.0.1:8080", SANDBOX_PORT: "4100" }).deployment.serviceUrl).toBe(
    "http://127.0.0.1:4100",
  );
  // A service set by name wins; the sandbox's port is then not the pane's.
  expect(
    readBuildConfig(
      { SANDBOX_PORT: "4100", SERVICE_BASE_URL: "https://staging.example.test" },
      "development",
      "1",
    ).deployment.serviceUrl,
  ).toBe("https://staging.example.test");
  for (const bad of ["0", "70000", "41oo", "-1"])
    expect(() => readBuildConfig({ SANDBOX_PORT: bad }, "development", "1")).toThrow(
      /^SANDBOX_PORT must be a port number from 1 to 65535/,
    );
});

test("a deployable build's manifest has every development URL rewritten and keeps its name", () => {
  const xml =
    '<DisplayName DefaultValue="Ads Analytics"/><IconUrl DefaultValue="https://localhost:3000/assets/icon-32.png"/>';
  expect(manifestForBuild(xml, prod(DEPLOY))).toBe(
    '<DisplayName DefaultValue="Ads Analytics"/><IconUrl DefaultValue="https://addins.example.test/ads/assets/icon-32.png"/>',
  );
});
