/**
 * How the classes find model entities and make each other's objects: by id in the model (an
 * entity deleted since fails with ItemNotFound) and by class name (hostClass.objectOf).
 */
import { MAX_COLS, MAX_ROWS, type Rect } from "../../address";
import { officeError, type SheetData } from "../../model";
import type { Batch } from "../batch";
import { invalidArgument, objectOf, type HostObject } from "../hostClass";

export interface RangeData {
  sheetId: string;
  /** Where the range is now: a kept range follows cells that Range.insert and Range.delete move. */
  rect: Rect;
  /** Every cell of the range was deleted. */
  gone?: boolean;
}

export interface SheetRef {
  sheetId: string;
}

/** Which tables a collection holds: the workbook's, one sheet's, or those a range touches. */
export interface TableScope {
  sheetId?: string;
  within?: { rect: Rect; fullyContained: boolean };
}

export function sheetOf(batch: Batch, sheetId: string, what = "The worksheet"): SheetData {
  const s = batch.model.sheetById(sheetId);
  if (!s) throw officeError("ItemNotFound", `${what} does not exist`);
  return s;
}

/** The sheet of a range that still exists (its cells deleted: ItemNotFound, as a tracked range that lost its cells). */
export function rangeSheet(batch: Batch, r: RangeData): SheetData {
  if (r.gone) throw officeError("ItemNotFound", "The range's cells were deleted");
  return sheetOf(batch, r.sheetId);
}

/** A range of `sheetId`; one outside the sheet's 1,048,576 rows × 16,384 columns is refused. */
export function rangeObject(sheetId: string, rect: Rect): HostObject {
  const inside =
    Number.isInteger(rect.row) &&
    Number.isInteger(rect.col) &&
    rect.rows >= 1 &&
    rect.cols >= 1 &&
    rect.row >= 0 &&
    rect.col >= 0 &&
    rect.row + rect.rows <= MAX_ROWS &&
    rect.col + rect.cols <= MAX_COLS;
  if (!inside) throw invalidArgument("The range is outside the worksheet's bounds");
  return objectOf("Range", { sheetId, rect } satisfies RangeData);
}

export function worksheetObject(sheet: SheetData): HostObject {
  return objectOf("Worksheet", { sheetId: sheet.id } satisfies SheetRef);
}

export function tableCollection(scope: TableScope): HostObject {
  return objectOf("TableCollection", scope);
}
