/**
 * What the build says about this deployment (scripts/build-config.js, docs/deploy.md): the service the
 * pane connects to by default, the other service addresses an admin approved, the "get a key" link,
 * the support contact, and whether this is a local build. Webpack puts it in ADS_DEPLOYMENT.
 */
import { z } from "zod";

const deploymentSchema = z.object({
  version: z.string(),
  local: z.boolean(),
  serviceUrl: z.string().url(),
  /** Empty: any https address may be typed as an override (http only on this computer). */
  approvedServiceUrls: z.array(z.string().url()),
  getKeyUrl: z.string().url().optional(),
  supportContact: z.object({ kind: z.enum(["email", "url"]), value: z.string().min(1) }).optional(),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/** Reads the build's settings; a page built without them is a build error, not something to guess around. */
export function readDeployment(raw: unknown): Deployment {
  const parsed = deploymentSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`This build has no valid deployment settings: ${parsed.error.message}`);
  return parsed.data;
}

/** Where a person gets help: the configured contact as a link, or the help page. */
export function supportLink(d: Deployment): { href: string; text: string } | null {
  const c = d.supportContact;
  if (!c) return null;
  return c.kind === "email" ? { href: `mailto:${c.value}`, text: c.value } : { href: c.value, text: c.value };
}
