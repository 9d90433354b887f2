// Build-time configuration of the add-in, read from the environment by webpack.config.js and checked
// before anything is compiled. See docs/deploy.md for what each setting means to an admin.
//
//   ADDIN_BASE_URL        where dist/ is hosted (the manifest's URLs are rewritten to it)
//   SERVICE_BASE_URL      the service the pane connects to by default (shown on the Connect tab)
//   APPROVED_SERVICE_URLS optional, comma-separated: the only other service addresses a user may type
//   GET_KEY_URL           optional: the "Get an API key" link on the Connect tab
//   SUPPORT_CONTACT       optional: an email address or https page, shown on help.html and in the pane
//   SANDBOX_PORT          optional: the port of the sandbox `npm start` runs (4010), the service a local
//                         build connects to when SERVICE_BASE_URL is not set
//
// A production build is either deployable (every address https and public) or local (ADDIN_BASE_URL
// on this computer: loopback, http allowed), and a local one says so in its output, its manifest's
// display name and the pane. A development build is always local.

/** The add-in's development address (manifest.xml as checked in, `npm run dev-server`). */
const DEV_ADDIN_BASE = "https://localhost:3000";
/** The sandbox `npm start` and `npm run start:desktop` run, where SANDBOX_PORT does not move it. */
const SANDBOX_URL = "http://127.0.0.1:4010";

class BuildConfigError extends Error {}

function isLoopbackHost(hostname) {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Parses one address setting: it must be exactly a URL as the browser writes it (so no spaces, no
 * query, no fragment, no credentials, no `..` or doubled slashes), with at most one trailing slash,
 * which is dropped. Returns { url, loopback }.
 */
function parseAddress(name, value, { folder = false } = {}) {
  const fail = (why) => {
    throw new BuildConfigError(`${name} ${why} (got ${JSON.stringify(value)})`);
  };
  let url;
  try {
    url = new URL(value);
  } catch {
    fail("is not a web address: write it as https://host/path");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") fail("must start with https://");
  if (url.username || url.password) fail("must not hold a user name or password");
  if (url.search || value.includes("?")) fail("must not have a query (?…)");
  if (url.hash || value.includes("#")) fail("must not have a fragment (#…)");
  if (url.pathname.includes("//")) fail("must not have doubled slashes in its path");
  const written = value.replace(/\/$/, "");
  const canonical = url.href.replace(/\/$/, "");
  if (written !== canonical)
    fail(`must be written exactly as ${canonical} (no spaces or other trailing text)`);
  if (folder && /\.[a-z0-9]+$/i.test(url.pathname)) fail("is the folder dist/ is served from, not a file");
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === "http:" && !loopback) fail("must use https:// (plain http only on this computer)");
  return { url: canonical, loopback };
}

const emailPattern = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** SUPPORT_CONTACT: an email address or an https page. */
function parseContact(value) {
  if (emailPattern.test(value)) return { kind: "email", value };
  if (value.startsWith("mailto:") && emailPattern.test(value.slice(7)))
    return { kind: "email", value: value.slice(7) };
  const { url, loopback } = parseAddress("SUPPORT_CONTACT", value);
  if (loopback)
    throw new BuildConfigError(
      `SUPPORT_CONTACT must be reachable by your users, not this computer (got "${value}")`,
    );
  return { kind: "url", value: url };
}

const MISSING = [
  "A production build needs to know where it will live and which service it talks to. Set:",
  "  ADDIN_BASE_URL=https://your.host/path     where dist/ will be hosted (https)",
  "  SERVICE_BASE_URL=https://api.your.service  the service the pane connects to by default (https)",
  "for example: ADDIN_BASE_URL=https://addins.example.com/ads SERVICE_BASE_URL=https://api.example.com npm run build",
  "For use on this computer only, run `npm run build:dev`, or set ADDIN_BASE_URL to a loopback address",
  "(http://127.0.0.1:PORT/path) for a local production build. See docs/deploy.md.",
].join("\n");

/**
 * The sandbox's address: on SANDBOX_PORT where it is set, as preview/start.ts and scripts/dev-server.ts
 * listen, so the build names the service `npm start` runs, not the default beside it.
 */
function sandboxUrl(port) {
  if (port === undefined) return SANDBOX_URL;
  const n = /^\d{1,5}$/.test(port) ? Number(port) : NaN;
  if (!(n >= 1 && n <= 65535))
    throw new BuildConfigError(
      `SANDBOX_PORT must be a port number from 1 to 65535 (got ${JSON.stringify(port)})`,
    );
  return `http://127.0.0.1:${n}`;
}

/**
 * Reads and checks the build settings. `mode` is webpack's ("production" or "development").
 * Throws BuildConfigError with a message naming the setting to fix.
 */
function readBuildConfig(env, mode, version) {
  const get = (name) => (env[name] === undefined || env[name] === "" ? undefined : env[name]);
  const dev = mode !== "production";
  const addinRaw = get("ADDIN_BASE_URL");
  if (!dev && addinRaw === undefined) throw new BuildConfigError(MISSING);
  // A development build keeps manifest.xml's own URLs (the dev server that start:desktop sideloads).
  const addin = dev
    ? { url: DEV_ADDIN_BASE, loopback: true }
    : parseAddress("ADDIN_BASE_URL", addinRaw, { folder: true });
  const local = dev || addin.loopback;

  const serviceRaw = get("SERVICE_BASE_URL");
  if (!local && serviceRaw === undefined)
    throw new BuildConfigError(`SERVICE_BASE_URL is not set.\n${MISSING}`);
  const service =
    serviceRaw === undefined
      ? { url: sandboxUrl(get("SANDBOX_PORT")), loopback: true }
      : parseAddress("SERVICE_BASE_URL", serviceRaw);
  if (!local && service.loopback)
    throw new BuildConfigError(
      `SERVICE_BASE_URL points at this computer (${service.url}), but ADDIN_BASE_URL (${addin.url}) is a deployment: ` +
        "set the service's public https address, or build for local use (npm run build:dev).",
    );

  const approvedRaw = get("APPROVED_SERVICE_URLS");
  const approvedServiceUrls =
    approvedRaw === undefined
      ? []
      : approvedRaw
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => {
            const a = parseAddress("APPROVED_SERVICE_URLS", s);
            if (!local && a.loopback)
              throw new BuildConfigError(
                `APPROVED_SERVICE_URLS must not point at this computer in a deployable build (got "${s}")`,
              );
            return a.url;
          });

  const getKeyRaw = get("GET_KEY_URL");
  let getKeyUrl;
  if (getKeyRaw !== undefined) {
    const k = parseAddress("GET_KEY_URL", getKeyRaw);
    if (!local && k.loopback)
      throw new BuildConfigError(
        `GET_KEY_URL must be reachable by your users, not this computer (got "${getKeyRaw}")`,
      );
    getKeyUrl = k.url;
  }
  const contactRaw = get("SUPPORT_CONTACT");
  const supportContact = contactRaw === undefined ? undefined : parseContact(contactRaw);

  return {
    mode: dev ? "development" : "production",
    local,
    addinBaseUrl: addin.url,
    deployment: {
      version,
      local,
      serviceUrl: service.url,
      approvedServiceUrls,
      ...(getKeyUrl ? { getKeyUrl } : {}),
      ...(supportContact ? { supportContact } : {}),
    },
  };
}

/** What the build prints about itself: whether it is local, and where it will be served and connect. */
function describeBuild(config) {
  const lines = [];
  if (config.mode === "development")
    lines.push(
      `Development build, for local use only: manifest URLs stay ${DEV_ADDIN_BASE}, service ${config.deployment.serviceUrl}.`,
    );
  else if (config.local)
    lines.push(
      `LOCAL production build (ADDIN_BASE_URL is on this computer), not for deployment: the manifest is named "(local build)".`,
      `  add-in files: ${config.addinBaseUrl}/  service: ${config.deployment.serviceUrl}`,
    );
  else
    lines.push(
      `Deployable build: add-in files at ${config.addinBaseUrl}/, service ${config.deployment.serviceUrl}.`,
    );
  if (config.mode === "production" && !config.deployment.supportContact)
    lines.push(
      "  SUPPORT_CONTACT is not set: help.html tells users to contact the administrator who deployed the add-in.",
    );
  return lines.join("\n");
}

module.exports = {
  BuildConfigError,
  DEV_ADDIN_BASE,
  SANDBOX_URL,
  readBuildConfig,
  describeBuild,
  parseAddress,
  isLoopbackHost,
};
