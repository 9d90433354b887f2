/**
 * The service address a person may type on the Connect tab instead of the configured one. An admin
 * approves overrides at build time (APPROVED_SERVICE_URLS, docs/deploy.md): with a list, only those
 * addresses; without one, any https address (a local build also lets the client's own rule allow
 * plain http on this computer). The key is sent to whatever address this accepts.
 */
import type { Deployment } from "./deployment";

export type ServiceAddressCheck = { ok: true; url: string } | { ok: false; error: string };

const FIELD = "Service address";
const trimSlash = (s: string) => s.replace(/\/+$/, "");

export function checkServiceOverride(text: string, d: Deployment): ServiceAddressCheck {
  const value = text.trim();
  if (!value)
    return {
      ok: false,
      error: `${FIELD}: enter the address your administrator gave you, or use the configured service.`,
    };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: `${FIELD}: "${value}" is not a web address (write it as https://…).` };
  }
  if (url.username || url.password || url.search || url.hash)
    return {
      ok: false,
      error: `${FIELD}: write only the service's address, with no user name, ? or # part.`,
    };
  const normalized = trimSlash(url.href);
  const approved = [d.serviceUrl, ...d.approvedServiceUrls].map(trimSlash);
  if (d.approvedServiceUrls.length > 0 && !approved.includes(normalized))
    return {
      ok: false,
      error: `${FIELD}: ${normalized} is not one your administrator approved for this add-in (approved: ${approved.join(", ")}).`,
    };
  // Plain http only in a local build, and there the client allows it only on this computer.
  if (url.protocol !== "https:" && !(d.local && url.protocol === "http:"))
    return {
      ok: false,
      error: `${FIELD}: the service must be reached over https:// (got ${url.protocol}//).`,
    };
  return { ok: true, url: normalized };
}
