/**
 * A load (`QueryInfo`): the properties office.js asked for, read from a host object, under
 * office.js's original (PascalCase) names. "format/font/bold" reads through navigation
 * properties; on a collection, names that are not the collection's own are its items'.
 */
import { officeError } from "../model";
import type { Batch } from "./batch";
import { apiNotFound, type HostObject } from "./hostClass";
import type { QueryInfo } from "./protocol";

/** A selection as a tree: { values: {}, format: { font: { bold: {} } } }. */
interface Selection {
  [name: string]: Selection;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function selection(q: QueryInfo | undefined): Selection {
  const tree: Selection = {};
  for (const path of [...(q?.Select ?? []), ...(q?.Expand ?? [])]) {
    let node = tree;
    for (const part of path.split("/").map((p) => p.trim())) {
      if (!part) continue;
      node[part] ??= {};
      node = node[part];
    }
  }
  return tree;
}

export function queryValue(o: HostObject, q: QueryInfo | undefined, batch: Batch): unknown {
  const skip = q?.Skip ?? 0;
  const top = q?.Top;
  return readObject(o, selection(q), batch, { skip, top });
}

function readObject(
  o: HostObject,
  select: Selection,
  batch: Batch,
  page: { skip: number; top?: number } = { skip: 0 },
): Record<string, unknown> {
  const cls = o.cls;
  const names = Object.keys(select);
  if (cls.items) {
    const own = names.filter((n) => cls.props?.[pascal(n)]);
    const forItems = names.filter((n) => !cls.props?.[pascal(n)]);
    const out: Record<string, unknown> = {};
    for (const n of own) out[pascal(n)] = cls.props![pascal(n)].get!(o.data as never, batch);
    if (forItems.length || !names.length) {
      const all = cls.items(o.data as never, batch);
      const items = all.slice(page.skip, page.top === undefined ? undefined : page.skip + page.top);
      const itemSelect = Object.fromEntries(forItems.map((n) => [n, select[n]]));
      out._Items = items.map((item) => {
        const value = readObject(item, itemSelect, batch);
        if (item.cls.id) value._Id = item.cls.id(item.data as never, batch);
        return value;
      });
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  if (!names.length) {
    for (const [name, prop] of Object.entries(cls.props ?? {}))
      if (prop.get) out[name] = prop.get(o.data as never, batch);
    return out;
  }
  for (const n of names) {
    const name = pascal(n);
    const prop = cls.props?.[name];
    const nav = cls.nav?.[name];
    if (prop?.get) out[name] = prop.get(o.data as never, batch);
    else if (nav) {
      const child = nav(o.data as never, batch);
      out[name] = child ? readObject(child, select[n], batch) : null;
    } else if (prop) throw officeError("InvalidArgument", `${cls.name}.${n} cannot be read`);
    else throw apiNotFound(cls.name, name);
  }
  return out;
}
