/**
 * The RichApi request that office.js's Excel client posts at each `context.sync()` (the body of
 * `<url>/ProcessQuery`), and the answer it reads back. Names and numbers are office.js's own
 * (`excel-web-16.00.debug.js`: ActionType, ObjectPathType, `_ReferenceId`, `_Items`, `_Id`).
 */
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

export interface ArgumentInfo {
  Arguments?: unknown[];
  /** Per argument: the object path it stands for (0 or absent: a plain value). */
  ReferencedObjectPathIds?: number[];
}

export interface QueryInfo {
  Select?: string[];
  Expand?: string[];
  Skip?: number;
  Top?: number;
  Filter?: unknown;
}

export interface ObjectPathInfo {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: ArgumentInfo;
}

export interface ActionInfo {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: ArgumentInfo;
  QueryInfo?: QueryInfo;
}

export interface RequestMessage {
  AutoKeepReference?: boolean;
  Actions: ActionInfo[];
  ObjectPaths: Record<string, ObjectPathInfo>;
}

/**
 * Checks a parsed request body has the RichApi request's shape (every field office.js sends with
 * its type; other fields are left out of the result), or says the first field that does not. By hand
 * rather than by a schema library: a workbook property test sends 170,000 requests, and a schema's
 * generic walk was a seventh of its time.
 */
export function parseRequestMessage(
  json: unknown,
): { success: true; data: RequestMessage } | { success: false; error: { message: string } } {
  try {
    return { success: true, data: request(json) };
  } catch (e) {
    if (e instanceof ShapeError) return { success: false, error: { message: e.message } };
    throw e;
  }
}

class ShapeError extends Error {}

type Obj = Record<string, unknown>;

function object(v: unknown, at: string): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new ShapeError(`${at}: expected an object`);
  return v as Obj;
}

function field<T>(o: Obj, key: string, at: string, check: (v: unknown, at: string) => T): T {
  return check(o[key], `${at}.${key}`);
}

function optional<T>(check: (v: unknown, at: string) => T): (v: unknown, at: string) => T | undefined {
  return (v, at) => (v === undefined ? undefined : check(v, at));
}

function num(v: unknown, at: string): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new ShapeError(`${at}: expected a number`);
  return v;
}

function str(v: unknown, at: string): string {
  if (typeof v !== "string") throw new ShapeError(`${at}: expected a string`);
  return v;
}

function bool(v: unknown, at: string): boolean {
  if (typeof v !== "boolean") throw new ShapeError(`${at}: expected a boolean`);
  return v;
}

function array<T>(each: (v: unknown, at: string) => T): (v: unknown, at: string) => T[] {
  return (v, at) => {
    if (!Array.isArray(v)) throw new ShapeError(`${at}: expected an array`);
    return v.map((x, i) => each(x, `${at}[${i}]`));
  };
}

const anything = (v: unknown): unknown => v;
const numbers = array(num);
const strings = array(str);

/** Sets `key` on `out` when the checked value is there (an absent optional field stays absent). */
function put<T extends object, K extends keyof T>(out: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) out[key] = value;
}

function argumentInfo(v: unknown, at: string): ArgumentInfo {
  const o = object(v, at);
  const out: ArgumentInfo = {};
  put(out, "Arguments", field(o, "Arguments", at, optional(array(anything))));
  put(out, "ReferencedObjectPathIds", field(o, "ReferencedObjectPathIds", at, optional(numbers)));
  return out;
}

function queryInfo(v: unknown, at: string): QueryInfo {
  const o = object(v, at);
  const out: QueryInfo = {};
  put(out, "Select", field(o, "Select", at, optional(strings)));
  put(out, "Expand", field(o, "Expand", at, optional(strings)));
  put(out, "Skip", field(o, "Skip", at, optional(num)));
  put(out, "Top", field(o, "Top", at, optional(num)));
  if (o.Filter !== undefined) out.Filter = o.Filter;
  return out;
}

function objectPath(v: unknown, at: string): ObjectPathInfo {
  const o = object(v, at);
  const out: ObjectPathInfo = {
    Id: field(o, "Id", at, num),
    ObjectPathType: field(o, "ObjectPathType", at, num),
    Name: field(o, "Name", at, str),
  };
  put(out, "ParentObjectPathId", field(o, "ParentObjectPathId", at, optional(num)));
  put(out, "ArgumentInfo", field(o, "ArgumentInfo", at, optional(argumentInfo)));
  return out;
}

function action(v: unknown, at: string): ActionInfo {
  const o = object(v, at);
  const out: ActionInfo = {
    Id: field(o, "Id", at, num),
    ActionType: field(o, "ActionType", at, num),
    Name: field(o, "Name", at, str),
    ObjectPathId: field(o, "ObjectPathId", at, num),
  };
  put(out, "ArgumentInfo", field(o, "ArgumentInfo", at, optional(argumentInfo)));
  put(out, "QueryInfo", field(o, "QueryInfo", at, optional(queryInfo)));
  return out;
}

function request(v: unknown): RequestMessage {
  const o = object(v, "request");
  const paths = object(o.ObjectPaths, "request.ObjectPaths");
  const out: RequestMessage = {
    Actions: field(o, "Actions", "request", array(action)),
    ObjectPaths: {},
  };
  for (const key of Object.keys(paths))
    out.ObjectPaths[key] = objectPath(paths[key], `request.ObjectPaths.${key}`);
  put(out, "AutoKeepReference", field(o, "AutoKeepReference", "request", optional(bool)));
  return out;
}

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
