/**
 * Excel's side of an object: what the host does when office.js names a property, a navigation, a
 * method or an indexer on it. Each Excel class the add-in uses is one `defineClass` (classes/*.ts);
 * a member a class does not define answers ApiNotFound, never a silent default.
 */
import { officeError, type OfficeLikeError } from "../model";
import type { Batch } from "./batch";

/** An Excel object as the host holds it: its class and the data that finds it in the model. */
export interface HostObject {
  readonly cls: HostClass<never>;
  readonly data: unknown;
}

/** null stands for a null object (`*OrNullObject` found nothing). */
export type Resolved = HostObject | null;

/** Arguments as office.js sent them, object paths already resolved to host objects. */
export type Args = readonly unknown[];

export interface PropSpec<T> {
  get?: (data: T, batch: Batch) => unknown;
  set?: (data: T, value: unknown, batch: Batch) => void;
}

export interface ClassSpec<T> {
  /** Scalar properties, by office.js's original (PascalCase) name. */
  props?: Record<string, PropSpec<T>>;
  /** Navigation properties (Format, Worksheets, ...). */
  nav?: Record<string, (data: T, batch: Batch) => Resolved>;
  /** Methods: an object path's method returns a HostObject (or null); an action's, a plain value. */
  methods?: Record<string, (data: T, args: Args, batch: Batch) => unknown>;
  /** `collection[key]` (office.js's getItem and the paths it rewrites to ids after a load). */
  indexer?: (data: T, key: unknown, batch: Batch) => Resolved;
  /** A collection's items, in order. */
  items?: (data: T, batch: Batch) => HostObject[];
  /** How an item is found again: its id in its collection (sent as `_Id`; office.js then addresses it by indexer). */
  id?: (data: T, batch: Batch) => string | number;
}

export interface HostClass<T> extends ClassSpec<T> {
  readonly name: string;
}

/** Classes by name: objects of another class are made by name (objectOf), so class files never import each other. */
const registry = new Map<string, HostClass<never>>();

export function defineClass<T>(name: string, spec: ClassSpec<T>): HostClass<T> {
  const cls = { name, ...spec };
  registry.set(name, cls as unknown as HostClass<never>);
  return cls;
}

export function hostObject<T>(cls: HostClass<T>, data: T): HostObject {
  return { cls: cls as unknown as HostClass<never>, data };
}

/** An object of the class named `className` (defined in classes/, loaded by classes/index.ts). */
export function objectOf(className: string, data: unknown): HostObject {
  const cls = registry.get(className);
  if (!cls) throw officeError("ApiNotFound", `${className} is not modelled by the in-memory Excel host.`);
  return { cls, data };
}

/** The member's data-typed view of a host object (the class's own handlers only ever see their data). */
export function dataOf<T>(o: HostObject): T {
  return o.data as T;
}

/** office.js's name for a member: "NumberFormat" → "numberFormat". */
export function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export function apiNotFound(className: string, member: string): OfficeLikeError {
  return officeError(
    "ApiNotFound",
    `The API you are trying to use could not be found (${className}.${camel(member)} is not modelled by the in-memory Excel host).`,
  );
}

/** An argument that must be a host object of the class named `className` (a Range, ...). */
export function objectArg<T>(value: unknown, className: string): T {
  const o = value as HostObject | null | undefined;
  if (!o || typeof o !== "object" || !("cls" in o) || o.cls.name !== className)
    throw officeError(
      "InvalidArgument",
      `The argument is invalid or missing or has an incorrect format (expected a ${className}).`,
    );
  return o.data as T;
}

export function invalidArgument(message: string): OfficeLikeError {
  return officeError("InvalidArgument", message);
}
