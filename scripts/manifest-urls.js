// Rewrites the development URLs of manifest.xml (https://localhost:3000) to a deployment base URL.
// Used by webpack for production builds (ADDIN_BASE_URL) and by the manifest test.
const DEV_BASE = "https://localhost:3000";

function rewriteManifestUrls(xml, baseUrl) {
  const url = new URL(baseUrl);
  if (url.protocol !== "https:") throw new Error(`ADDIN_BASE_URL must be https: (got ${baseUrl})`);
  const base = url.toString().replace(/\/$/, "");
  return xml.split(DEV_BASE).join(base);
}

module.exports = { DEV_BASE, rewriteManifestUrls };
