/**
 * The store's report sets (issue #44): workbook custom properties `AdsSet.<id>.n` and `AdsSet.<id>.0…`
 * (setRecords.ts). Every write of a set goes through the store's one write (recordWrite.ts) with the
 * set's owners and words: the writer says which set it read (its revision) and what it changes; the
 * change is laid over the newest set, one revision on, or refused in words.
 */
import { reportSetSchema, SET_VERSION, type ReportSet } from "../../reports/reportSet";
import { listedSets, parsedSet, setJson, setJsons, SET_PREFIX, type ListedSet } from "./setRecords";
import { mergeOwned, type RecordKind } from "../../reports/ownedMerge";
import type { ExcelHost } from "../host";
import { propertyMap, queueCounted } from "./parts";
import { writeRecord, type Found, type StoredKind } from "./recordWrite";

/** Who writes a set: the planner (the pane's set form) or a run of the set. */
export type SetWriter = "planner" | "set run";

type SetField = keyof ReportSet;

const SET_KIND: RecordKind<ReportSet, SetWriter> = {
  what: (set) => `the report set "${set.name}"`,
  owns: {
    planner: ["name", "client", "values", "reports", "dashboard"] as SetField[],
    "set run": ["members"] as SetField[],
  },
  fieldWords: {
    name: "the set's name",
    client: "the set's client",
    values: "the set's range of values",
    reports: "the set's reports",
    dashboard: '"A Dashboard per value"',
    members: "the sheets the last run made",
  },
  doing: { planner: "your change", "set run": "this run of the set" },
};

export const newerSetMessage = (name: string, version: number) =>
  `The report set "${name}" was stored by a newer version of the add-in (its format ${version}; this version knows ${SET_VERSION}): update the add-in to run it. Nothing was changed.`;

/** Sets as the store's one write keeps them: in the workbook's custom properties. */
const SETS: StoredKind<ReportSet, SetWriter, string> = {
  merge: (base, newest, writer, patch) => mergeOwned(SET_KIND, base, newest, writer, patch),
  queueRead(context, id): () => Found<ReportSet, Excel.CustomPropertyCollection> {
    const custom = context.workbook.properties.custom;
    custom.load("items/key,items/value");
    return () => {
      const joined = setJson(propertyMap(custom.items), id);
      if (!joined) return { record: null, parts: 0, place: custom };
      const read = parsedSet(joined.json);
      return {
        record: read.state === "current" ? read.set : null,
        parts: joined.parts,
        place: custom,
        newer: read.state === "newer" ? newerSetMessage(read.name || id, read.version) : undefined,
      };
    };
  },
  queueSave(_context, place, set, previousParts) {
    queueCounted(
      place as Excel.CustomPropertyCollection,
      `${SET_PREFIX}${set.id}`,
      JSON.stringify(reportSetSchema.parse(set)),
      previousParts,
    );
    return set;
  },
  missing: () => "The report set is no longer in this workbook: nothing was changed.",
  taken: (id) => `A report set "${id}" is already stored: nothing was changed.`,
};

/**
 * Stores a set: `base` null for a new set (revision 1; refused when the id is taken), else the set the
 * writer read, and `patch` the fields it changes. A later version's set is never overwritten.
 */
export function writeReportSet(
  excel: ExcelHost,
  base: ReportSet | null,
  writer: SetWriter,
  patch: Partial<ReportSet>,
): Promise<ReportSet> {
  const id = base?.id ?? patch.id ?? "";
  const kind = base
    ? {
        ...SETS,
        missing: () => `The report set "${base.name}" is no longer in this workbook: nothing was changed.`,
      }
    : SETS;
  return writeRecord(excel, kind, { at: id, base, writer, patch });
}

/** Every stored set's JSON by id, in one sync. */
function storedSets(excel: ExcelHost): Promise<Map<string, string>> {
  return excel.run(async (context) => {
    const custom = context.workbook.properties.custom;
    custom.load("items/key,items/value");
    await context.sync();
    return setJsons(custom.items);
  });
}

/** Every readable set of the workbook (one sync; the Sheets tab reads them with the rest: readAll.ts). */
export async function listReportSets(excel: ExcelHost): Promise<ListedSet[]> {
  return listedSets(await storedSets(excel));
}

/** The ids of every stored set, readable or not (a new set's id is none of them). */
export async function storedSetIds(excel: ExcelHost): Promise<string[]> {
  return [...(await storedSets(excel)).keys()];
}
