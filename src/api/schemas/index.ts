/** Every zod schema of the service, shared by the client and the sandbox. Types come from z.infer. */
import type { z } from "zod";
import {
  audienceRequestSchema,
  campaignsPerformanceRequestSchema,
  estimatedSpendRequestSchema,
  impressionListenersQuerySchema,
  impressionsRequestSchema,
  lagRequestSchema,
} from "./reports";
import type { ReportKind } from "./reportKinds";

export * from "./common";
export * from "./reports";
export * from "./shows";
export * from "./search";
export * from "./ads";
export * from "./incrementality";
export * from "./writes";
export * from "./agents";
export * from "./columnRules";
export * from "./reportKinds";

export interface ReportEndpoint {
  method: "GET" | "POST";
  /** Path under the base URL; `{episodeId}` is replaced for the listener-IDs endpoint. */
  path: string;
  schema: z.ZodType;
  label: string;
}

export const REPORT_ENDPOINTS = {
  impressions: {
    method: "POST",
    path: "/api/public/impressions",
    schema: impressionsRequestSchema,
    label: "Impressions, reach, spend and conversions",
  },
  audience: {
    method: "POST",
    path: "/api/public/reports/audience",
    schema: audienceRequestSchema,
    label: "Audience size per episode",
  },
  lag: { method: "POST", path: "/api/public/reports/lag", schema: lagRequestSchema, label: "Conversion lag" },
  campaignsPerformance: {
    method: "POST",
    path: "/api/public/campaigns-performance",
    schema: campaignsPerformanceRequestSchema,
    label: "Campaign performance",
  },
  estimatedSpendByDay: {
    method: "POST",
    path: "/api/public/advertisers/estimated-spend-by-day",
    schema: estimatedSpendRequestSchema,
    label: "Estimated spend by day",
  },
  estimatedSpendByShowByDay: {
    method: "POST",
    path: "/api/public/advertisers/estimated-spend-by-show-by-day",
    schema: estimatedSpendRequestSchema,
    label: "Estimated spend by show by day",
  },
  impressionListeners: {
    method: "GET",
    path: "/api/public/episode/impression-listeners/{episodeId}",
    schema: impressionListenersQuerySchema,
    label: "Anonymized listener IDs per episode",
  },
} as const satisfies Record<ReportKind, ReportEndpoint>;

/** Request parameters per report kind (what the caller may set). */
export interface ReportParams {
  impressions: z.input<typeof impressionsRequestSchema>;
  audience: z.input<typeof audienceRequestSchema>;
  lag: z.input<typeof lagRequestSchema>;
  campaignsPerformance: z.input<typeof campaignsPerformanceRequestSchema>;
  estimatedSpendByDay: z.input<typeof estimatedSpendRequestSchema>;
  estimatedSpendByShowByDay: z.input<typeof estimatedSpendRequestSchema>;
  impressionListeners: z.input<typeof impressionListenersQuerySchema>;
}
