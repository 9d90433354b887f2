/** AI agent runs: start (202) and status, with the files a finished run made. */
import { z } from "zod";

export const agentIdSchema = z
  .number({ error: "agentId must be a number" })
  .int("agentId must be a whole number")
  .min(1, "agentId must be 1 or more");
export const runIdSchema = z
  .number({ error: "runId must be a number" })
  .int("runId must be a whole number")
  .min(1, "runId must be 1 or more");

/** "Body: params, a map from string to string of template parameters" (not marked required). */
export const agentRunStartRequestSchema = z.object({
  params: z
    .record(
      z.string().trim().min(1, "params names must not be empty"),
      z.string({ error: "params values must be text" }),
    )
    .optional(),
});

export const agentRunStartResponseSchema = z.looseObject({ runId: z.number().int(), status: z.string() });

const agentFileSchema = z.looseObject({
  fileId: z.string().min(1),
  fileName: z.string(),
  fileType: z.string(),
  size: z.number().int().min(0),
  downloadUrl: z.string().min(1),
});

export const agentRunStatusSchema = z.looseObject({
  runId: z.number().int(),
  status: z.string(),
  output: z.string().nullish(),
  files: z.array(agentFileSchema).nullish(),
  error: z.string().nullish(),
});

export type AgentRunStart = z.infer<typeof agentRunStartResponseSchema>;
export type AgentFile = z.infer<typeof agentFileSchema>;
export type AgentRunStatus = z.infer<typeof agentRunStatusSchema>;
