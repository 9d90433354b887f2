/**
 * What the host keeps while it runs one request (one `context.sync()`): the cells it changed (for
 * calculation), whether the add-in suspended calculation, and the workbook it runs against; and the
 * shapes of the objects it keeps (a host object, its class: hostClass.ts defines the classes), here
 * beside the Batch their members receive.
 */
import type { HostEvents } from "../events";
import type { CellData, Change, Value, WorkbookModel } from "../model";

/** An Excel object as the host holds it: its class and the data that finds it in the model. */
export interface HostObject {
  readonly cls: HostClass<never>;
  readonly data: unknown;
}

/** null stands for a null object (`*OrNullObject` found nothing). */
export type Resolved = HostObject | null;

/** Arguments as office.js sent them, object paths already resolved to host objects. */
export type Args = readonly unknown[];

interface PropSpec<T> {
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

export interface SyncRecord {
  /** UTF-8 bytes of the request body office.js sent. */
  payloadBytes: number;
  /** UTF-8 bytes of the answer (0 when the request was refused before it ran). */
  responseBytes: number;
  /** Calls in the batch: every action but the instantiations of object paths. */
  calls: number;
  calculationSuspended: boolean;
  failed?: string;
}

/** Hook for tests: called before each call of a batch is run; throwing makes the sync fail there. */
export type FaultHook = (info: { sync: number; op: number }) => void;

export interface ValueWrite {
  sheet: string;
  row: number;
  col: number;
  input: Value;
  cell: CellData;
}

/** What the host (the preview, a test) provides to the request processor. */
export interface InMemoryHost {
  model: WorkbookModel;
  /** The add-in's syncs, in order. */
  syncLog: SyncRecord[];
  /**
   * office.js's own requests after an `Excel.run` ends, releasing the objects it kept
   * (`_RemoveReference`): sent without waiting, so they would land anywhere in `syncLog`.
   */
  cleanupLog: SyncRecord[];
  faultHook?: FaultHook;
  changed(): void;
  /** Excel's change events (events.ts): registered by office.js, raised for edits and calculations. */
  events?: HostEvents;
  /** Tests: told of every value an add-in writes through range.values, with the cell it made. */
  valueWritten?: (write: ValueWrite) => void;
}

export class Batch {
  calculationSuspended = false;
  private changes: Change[] = [];

  constructor(
    readonly host: InMemoryHost,
    /** Objects office.js keeps across syncs (`_KeepReference`), by `_ReferenceId`. */
    readonly references: Map<string, HostObject>,
    /** A stable id for a model object that has none of its own (a chart series). */
    readonly idOf: (o: object) => number,
  ) {}

  get model(): WorkbookModel {
    return this.host.model;
  }

  /** Every cell the batch changed, for the change events raised after it. */
  readonly edited: Change[] = [];

  /** Records cells changed by the call being run. */
  changed(change: Change): void {
    this.changes.push(change);
    this.edited.push(change);
  }

  /** Takes the cells changed so far in this batch (a calculate() in it recalculates them). */
  takeChanges(): Change[] {
    const changes = this.changes;
    this.changes = [];
    return changes;
  }

  /** After the batch: propagate its changes (automatic calculation), or owe them while suspended. */
  settleCalculation(): void {
    const changes = this.takeChanges();
    if (changes.length) {
      if (this.calculationSuspended) this.model.owedCalculation.push(...changes);
      else this.model.calculator?.propagate(changes);
    }
    // Cells inserted or deleted: every custom function is called again (model.hostCallsOwed).
    if (this.model.hostCallsOwed && !this.calculationSuspended) {
      this.model.hostCallsOwed = false;
      this.model.calculator?.rerunHostCalls();
    }
  }
}
