/**
 * The RichApi request that office.js's Excel client posts at each `context.sync()` (the body of
 * `<url>/ProcessQuery`), and the answer it reads back. Names and numbers are office.js's own
 * (`excel-web-16.00.debug.js`: ActionType, ObjectPathType, `_ReferenceId`, `_Items`, `_Id`).
 */
import { z } from "zod";

/** office.js ActionType. */
export const ActionType = {
  instantiate: 1,
  query: 2,
  method: 3,
  setProperty: 4,
  trace: 5,
  recursiveQuery: 6,
  queryAsJson: 7,
  ensureUnchanged: 8,
} as const;

/** office.js ObjectPathType. */
export const ObjectPathType = {
  globalObject: 1,
  newObject: 2,
  method: 3,
  property: 4,
  indexer: 5,
  referenceId: 6,
  nullObject: 7,
} as const;

const argumentInfo = z.object({
  Arguments: z.array(z.unknown()).optional(),
  /** Per argument: the object path it stands for (0 or absent: a plain value). */
  ReferencedObjectPathIds: z.array(z.number()).optional(),
});
export type ArgumentInfo = z.infer<typeof argumentInfo>;

const queryInfo = z.object({
  Select: z.array(z.string()).optional(),
  Expand: z.array(z.string()).optional(),
  Skip: z.number().optional(),
  Top: z.number().optional(),
  Filter: z.unknown().optional(),
});
export type QueryInfo = z.infer<typeof queryInfo>;

const objectPath = z.object({
  Id: z.number(),
  ObjectPathType: z.number(),
  Name: z.string(),
  ParentObjectPathId: z.number().optional(),
  ArgumentInfo: argumentInfo.optional(),
});
export type ObjectPathInfo = z.infer<typeof objectPath>;

const action = z.object({
  Id: z.number(),
  ActionType: z.number(),
  Name: z.string(),
  ObjectPathId: z.number(),
  ArgumentInfo: argumentInfo.optional(),
  QueryInfo: queryInfo.optional(),
});
export type ActionInfo = z.infer<typeof action>;

export const requestMessage = z.object({
  AutoKeepReference: z.boolean().optional(),
  Actions: z.array(action),
  ObjectPaths: z.record(z.string(), objectPath),
});
export type RequestMessage = z.infer<typeof requestMessage>;

/** One action's answer: the value office.js hands to that action's result handler. */
export interface ActionResult {
  ActionId: number;
  Value: unknown;
}

/** The error of a batch that stopped at an action (office.js reads `Error` beside `Results`). */
interface BatchError {
  Code: string;
  Message: string;
  Location: string;
  ActionIndex: number;
  HttpStatusCode: number;
}

export interface ResponseMessage {
  Results: ActionResult[];
  Error?: BatchError;
}
