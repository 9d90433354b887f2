/**
 * What the build says about this deployment (scripts/build-config.js, docs/deploy.md): the service the
 * pane connects to by default, the other service addresses an admin approved, the "get a key" link,
 * the support contact, and whether this is a local build. Webpack puts it in ADS_DEPLOYMENT.
 */
// Checked by hand, not with zod: this module is in the page's first load, and zod's core is not
// (src/runtime/networkLimits.ts). The build checked these settings before writing them (build-config.js).

export interface Deployment {
  version: string;
  local: boolean;
  serviceUrl: string;
  /** Empty: any https address may be typed as an override (http only on this computer). */
  approvedServiceUrls: string[];
  getKeyUrl?: string;
  supportContact?: { kind: "email" | "url"; value: string };
}

function isUrl(v: unknown): v is string {
  if (typeof v !== "string") return false;
  try {
    return new URL(v).host !== "";
  } catch {
    return false;
  }
}

/** The first setting that is missing or wrong, by name; null when all are right. */
function wrongSetting(d: Record<string, unknown>): string | null {
  if (typeof d.version !== "string") return "version: expected text";
  if (typeof d.local !== "boolean") return "local: expected true or false";
  if (!isUrl(d.serviceUrl)) return "serviceUrl: expected an address";
  if (!Array.isArray(d.approvedServiceUrls) || !d.approvedServiceUrls.every(isUrl))
    return "approvedServiceUrls: expected a list of addresses";
  if (d.getKeyUrl !== undefined && !isUrl(d.getKeyUrl)) return "getKeyUrl: expected an address";
  const c = d.supportContact as { kind?: unknown; value?: unknown } | undefined;
  if (c !== undefined && (typeof c !== "object" || c === null || (c.kind !== "email" && c.kind !== "url")))
    return 'supportContact.kind: expected "email" or "url"';
  if (c !== undefined && (typeof c.value !== "string" || c.value === ""))
    return "supportContact.value: expected text";
  return null;
}

/** Reads the build's settings; a page built without them is a build error, not something to guess around. */
export function readDeployment(raw: unknown): Deployment {
  const wrong =
    typeof raw === "object" && raw !== null
      ? wrongSetting(raw as Record<string, unknown>)
      : "expected an object";
  if (wrong) throw new Error(`This build has no valid deployment settings: ${wrong}`);
  return raw as Deployment;
}

/** Where a person gets help: the configured contact as a link, or the help page. */
export function supportLink(d: Deployment): { href: string; text: string } | null {
  const c = d.supportContact;
  if (!c) return null;
  return c.kind === "email" ? { href: `mailto:${c.value}`, text: c.value } : { href: c.value, text: c.value };
}
