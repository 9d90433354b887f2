/**
 * Excel's side of an object: what the host does when office.js names a property, a navigation, a
 * method or an indexer on it. Each Excel class the add-in uses is one `defineClass` (classes/*.ts);
 * a member a class does not define answers ApiNotFound, never a silent default. The shapes of a
 * host object and its class are in batch.ts (re-exported here): they and the Batch refer to each other.
 */
import { officeError, type OfficeLikeError } from "../model";
import type { ClassSpec, HostClass, HostObject } from "./batch";

export type { Args, ClassSpec, HostClass, HostObject, Resolved } from "./batch";

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

/** A colour as "#RRGGBB", in capitals (stricter than Excel, which also takes names such as "Orange"). */
export function htmlColor(v: unknown): string {
  const c = String(v);
  if (!/^#[0-9A-Fa-f]{6}$/.test(c)) throw invalidArgument(`"${c}" is not a colour of the form #RRGGBB`);
  return c.toUpperCase();
}
