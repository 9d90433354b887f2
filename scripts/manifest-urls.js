// The manifest a build ships: manifest.xml as checked in (development URLs on https://localhost:3000)
// for a development build; for a production build every development URL rewritten to ADDIN_BASE_URL,
// and a local build's display name marked "(local build)" so nobody mistakes it for the real one.
const { DEV_ADDIN_BASE } = require("./build-config");

const LOCAL_MARK = " (local build)";

function rewriteManifestUrls(xml, baseUrl) {
  return xml.split(DEV_ADDIN_BASE).join(baseUrl.replace(/\/$/, ""));
}

/** `config` is readBuildConfig's answer. */
function manifestForBuild(xml, config) {
  if (config.mode === "development") return xml;
  const rewritten = rewriteManifestUrls(xml, config.addinBaseUrl);
  return config.local
    ? rewritten.replace(
        /(<DisplayName DefaultValue=")([^"]*)(")/,
        (_, a, name, b) => `${a}${name}${LOCAL_MARK}${b}`,
      )
    : rewritten;
}

module.exports = { DEV_BASE: DEV_ADDIN_BASE, LOCAL_MARK, rewriteManifestUrls, manifestForBuild };
