/**
 * Workbook custom properties (workbook.properties.custom, ExcelApi 1.7): keys of 1–255 characters,
 * case-insensitive; text values of at most 255 characters, as documented for custom document
 * properties outside Excel on the web (the stricter reading). The add-in keeps its workbook id here
 * (src/excel/workbookId.ts). Only text values are modelled: a number, date or boolean is refused.
 */
import { officeError } from "../../model";
import type { Batch } from "../batch";
import { defineClass, hostObject, invalidArgument } from "../hostClass";

const VALUE_LIMIT = 255;

const findKey = (b: Batch, key: string) =>
  [...b.model.customProperties.keys()].find((k) => k.toLowerCase() === key.toLowerCase());

function existing(b: Batch, key: string): string {
  const k = findKey(b, key);
  if (k === undefined) throw officeError("ItemNotFound", `The custom property "${key}" does not exist`);
  return k;
}

const propertyObject = (key: string) => hostObject(CustomProperty, { key });

export const DocumentProperties = defineClass<null>("DocumentProperties", {
  nav: { Custom: () => hostObject(CustomPropertyCollection, null) },
});

const CustomPropertyCollection = defineClass<null>("CustomPropertyCollection", {
  items: (_d, b) => [...b.model.customProperties.keys()].map(propertyObject),
  indexer: (_d, key, b) => propertyObject(existing(b, String(key))),
  methods: {
    Add: (_d, [key, value], b) => {
      const k = String(key ?? "");
      if (k.length === 0 || k.length > 255)
        throw invalidArgument("A custom property key must have 1 to 255 characters");
      if (typeof value !== "string")
        throw officeError(
          "ApiNotFound",
          "Only text custom property values are modelled by the in-memory host",
        );
      if (value.length > VALUE_LIMIT)
        throw invalidArgument(`A custom property value can hold at most ${VALUE_LIMIT} characters`);
      const old = findKey(b, k);
      if (old !== undefined) b.model.customProperties.delete(old);
      b.model.customProperties.set(k, value);
      return propertyObject(k);
    },
    GetItemOrNullObject: (_d, [key], b) => {
      const k = findKey(b, String(key));
      return k === undefined ? null : propertyObject(k);
    },
    GetCount: (_d, _a, b) => b.model.customProperties.size,
    DeleteAll: (_d, _a, b) => b.model.customProperties.clear(),
  },
});

const CustomProperty = defineClass<{ key: string }>("CustomProperty", {
  id: (p) => p.key,
  props: {
    Key: { get: (p, b) => existing(b, p.key) },
    Value: { get: (p, b) => b.model.customProperties.get(existing(b, p.key)) },
    Type: { get: () => "String" },
  },
  methods: {
    Delete: (p, _a, b) => void b.model.customProperties.delete(existing(b, p.key)),
  },
});
