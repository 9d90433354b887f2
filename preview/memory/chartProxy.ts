/**
 * Worksheet.charts and the chart objects, modelled on Office.js (ChartCollection, Chart, ChartTitle,
 * ChartLegend, ChartAxes, ChartSeriesCollection, ChartSeries) over the chart model in chart.ts.
 */
import { parseAddress, type Rect } from "./address";
import {
  addChart,
  box,
  chartType,
  MAX_NAME_LENGTH,
  place,
  ref,
  seriesPoints,
  setChartData,
  setPosition,
  titleText,
  legendVisible,
  type AxisTitle,
  type ChartData,
  type SeriesData,
} from "./chart";
import { Proxy, type Context } from "./context";
import { officeError, type SheetData } from "./model";
import { jsonBytes } from "./payload";
import type { RangeProxy } from "./range";
import { WorksheetProxy } from "./worksheet";

type ChartResolver = () => ChartData | undefined;

/** A range argument: where it is, read when the call is applied (a range on another sheet is allowed). */
function source(range: RangeProxy): { sheet: SheetData; rect: Rect } {
  return { sheet: range.sheetData(), rect: range.rect() };
}

function checkName(name: string, what: string): void {
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_NAME_LENGTH)
    throw officeError("InvalidArgument", `${what} must have 1 to ${MAX_NAME_LENGTH} characters`);
}

export class ChartCollectionProxy extends Proxy {
  constructor(
    ctx: Context,
    private readonly sheet: () => SheetData,
  ) {
    super(ctx);
  }

  private charts(): ChartData[] {
    const id = this.sheet().id;
    return this.ctx.model.charts.filter((c) => c.sheetId === id);
  }

  protected snapshot() {
    const charts = this.charts();
    return {
      items: charts.map((c) => new ChartProxy(this.ctx, () => c, `The chart "${c.name}"`).preload()),
      count: charts.length,
    };
  }

  get items(): ChartProxy[] {
    return this.get("items");
  }
  get count(): number {
    return this.get("count");
  }

  add(type: string, sourceData: RangeProxy, seriesBy?: string): ChartProxy {
    let created: ChartData | undefined;
    this.ctx.enqueue([type, "Range", seriesBy ?? null], () => {
      created = addChart(this.ctx.model, this.sheet(), type, source(sourceData), seriesBy);
    });
    return new ChartProxy(this.ctx, () => created, "The new chart");
  }

  /** The first chart of that name on the sheet ("If there are multiple charts with the same name, the first one will be returned"). */
  getItem(name: string): ChartProxy {
    return new ChartProxy(this.ctx, () => this.find(name), `The chart "${name}"`);
  }

  getItemOrNullObject(name: string): ChartProxy {
    const p = this.getItem(name);
    this.ctx.enqueue(name, () => (p.isNullObject = !this.find(name)));
    return p;
  }

  getItemAt(index: number): ChartProxy {
    return new ChartProxy(this.ctx, () => this.charts()[index], `The chart at ${index}`);
  }

  getCount(): { value: number } {
    const result = { value: 0 };
    this.ctx.enqueue(null, () => (result.value = this.charts().length));
    return result;
  }

  private find(name: string): ChartData | undefined {
    return this.charts().find((c) => c.name === name);
  }
}

/** A proxy that resolves its chart once and then stays bound to it (a rename does not lose it). */
abstract class ChartPart extends Proxy {
  private bound?: ChartData;

  constructor(
    ctx: Context,
    private readonly resolveChart: ChartResolver,
    protected readonly what: string,
  ) {
    super(ctx);
  }

  chart(): ChartData {
    const c = this.bound ?? this.resolveChart();
    if (!c || !this.ctx.model.charts.includes(c))
      throw officeError("ItemNotFound", `${this.what} does not exist`);
    this.bound = c;
    return c;
  }

  protected chartResolver: ChartResolver = () => this.chart();

  /** Queues a property write applied to the chart at sync. */
  protected change(value: unknown, apply: (c: ChartData) => void): void {
    this.ctx.enqueue(value, () => apply(this.chart()));
  }
}

export class ChartProxy extends ChartPart {
  readonly title: ChartTitleProxy;
  readonly legend: ChartLegendProxy;
  readonly axes: { categoryAxis: ChartAxisProxy; valueAxis: ChartAxisProxy };
  readonly series: ChartSeriesCollectionProxy;

  constructor(ctx: Context, resolve: ChartResolver, what: string) {
    super(ctx, resolve, what);
    this.title = new ChartTitleProxy(ctx, this.chartResolver, what);
    this.legend = new ChartLegendProxy(ctx, this.chartResolver, what);
    this.axes = {
      categoryAxis: new ChartAxisProxy(ctx, this.chartResolver, what, "category"),
      valueAxis: new ChartAxisProxy(ctx, this.chartResolver, what, "value"),
    };
    this.series = new ChartSeriesCollectionProxy(ctx, this.chartResolver, what);
  }

  preload(): this {
    return this.setLoaded(this.snapshot());
  }

  protected snapshot() {
    const c = this.chart();
    return { name: c.name, id: c.id, chartType: c.type, ...box(this.ctx.model, c) };
  }

  get name(): string {
    return this.get("name");
  }
  set name(v: string) {
    this.change(v, (c) => {
      checkName(v, "A chart's name");
      c.name = v;
    });
  }
  get id(): string {
    return this.get("id");
  }
  get chartType(): string {
    return this.get("chartType");
  }
  set chartType(v: string) {
    this.change(v, (c) => (c.type = chartType(v)));
  }

  get top(): number {
    return this.get("top");
  }
  set top(v: number) {
    this.resize({ top: v });
  }
  get left(): number {
    return this.get("left");
  }
  set left(v: number) {
    this.resize({ left: v });
  }
  get width(): number {
    return this.get("width");
  }
  set width(v: number) {
    this.resize({ width: v });
  }
  get height(): number {
    return this.get("height");
  }
  set height(v: number) {
    this.resize({ height: v });
  }

  private resize(part: Partial<{ top: number; left: number; width: number; height: number }>): void {
    this.change(part, (c) => place(this.ctx.model, c, { ...box(this.ctx.model, c), ...part }));
  }

  /** Positions the chart at `startCell` (top-left); with `endCell`, it covers that cell too. Cells of the chart's own sheet. */
  setPosition(startCell: RangeProxy | string, endCell?: RangeProxy | string | null): void {
    const args = [
      typeof startCell === "string" ? startCell : "Range",
      typeof endCell === "string" ? endCell : null,
    ];
    this.change(args, (c) => {
      const cell = (x: RangeProxy | string): Rect => {
        const at = typeof x === "string" ? parseAddress(x) : { sheet: x.sheetData().name, rect: x.rect() };
        const sheet = at.sheet ? this.ctx.model.sheetByName(at.sheet) : this.ctx.model.sheetById(c.sheetId);
        if (sheet?.id !== c.sheetId)
          throw officeError("InvalidArgument", "A chart is positioned by cells of its own worksheet");
        return at.rect;
      };
      setPosition(this.ctx.model, c, cell(startCell), endCell ? cell(endCell) : undefined);
    });
  }

  setData(sourceData: RangeProxy, seriesBy?: string): void {
    this.change(["Range", seriesBy ?? null], (c) =>
      setChartData(this.ctx.model, c, source(sourceData), seriesBy),
    );
  }

  delete(): void {
    this.change(null, (c) => (this.ctx.model.charts = this.ctx.model.charts.filter((x) => x !== c)));
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.ctx.model.sheetById(this.chart().sheetId));
  }
}

export class ChartTitleProxy extends ChartPart {
  protected snapshot() {
    const c = this.chart();
    return { text: titleText(this.ctx.model, c), visible: c.title.visible };
  }
  get text(): string {
    return this.get("text");
  }
  /** Setting the text shows the title. */
  set text(v: string) {
    this.change(v, (c) => (c.title = { text: String(v), visible: true }));
  }
  get visible(): boolean {
    return this.get("visible");
  }
  set visible(v: boolean) {
    this.change(v, (c) => (c.title.visible = Boolean(v)));
  }
}

const LEGEND_POSITIONS = ["Top", "Bottom", "Left", "Right", "Corner"];

export class ChartLegendProxy extends ChartPart {
  protected snapshot() {
    const c = this.chart();
    return { visible: legendVisible(c), position: c.legend.position };
  }
  get visible(): boolean {
    return this.get("visible");
  }
  set visible(v: boolean) {
    this.change(v, (c) => (c.legend.visible = Boolean(v)));
  }
  get position(): string {
    return this.get("position");
  }
  set position(v: string) {
    this.change(v, (c) => {
      const p = LEGEND_POSITIONS.find((x) => x.toLowerCase() === String(v).toLowerCase());
      if (!p)
        throw officeError(
          "InvalidArgument",
          `"${v}" is not a legend position (${LEGEND_POSITIONS.join(", ")})`,
        );
      c.legend.position = p;
    });
  }
}

export class ChartAxisProxy extends ChartPart {
  readonly title: ChartAxisTitleProxy;
  constructor(ctx: Context, resolve: ChartResolver, what: string, axis: "category" | "value") {
    super(ctx, resolve, what);
    this.title = new ChartAxisTitleProxy(ctx, this.chartResolver, what, axis);
  }
  protected snapshot() {
    return {};
  }
}

export class ChartAxisTitleProxy extends ChartPart {
  constructor(
    ctx: Context,
    resolve: ChartResolver,
    what: string,
    private readonly axis: "category" | "value",
  ) {
    super(ctx, resolve, what);
  }
  private title(c: ChartData): AxisTitle {
    return c.axisTitles[this.axis];
  }
  protected snapshot() {
    const t = this.title(this.chart());
    return { text: t.text, visible: t.visible };
  }
  get text(): string {
    return this.get("text");
  }
  /** Setting the text shows the axis title. */
  set text(v: string) {
    this.change(v, (c) => (c.axisTitles[this.axis] = { text: String(v), visible: true }));
  }
  get visible(): boolean {
    return this.get("visible");
  }
  set visible(v: boolean) {
    this.change(v, (c) => (this.title(c).visible = Boolean(v)));
  }
}

export class ChartSeriesCollectionProxy extends ChartPart {
  protected snapshot() {
    const c = this.chart();
    return {
      items: c.series.map((s) =>
        new ChartSeriesProxy(this.ctx, this.chartResolver, this.what, () => s).preload(),
      ),
      count: c.series.length,
    };
  }
  get items(): ChartSeriesProxy[] {
    return this.get("items");
  }
  get count(): number {
    return this.get("count");
  }
  getItemAt(index: number): ChartSeriesProxy {
    return new ChartSeriesProxy(this.ctx, this.chartResolver, this.what, () => this.chart().series[index]);
  }
  getCount(): { value: number } {
    const result = { value: 0 };
    this.ctx.enqueue(null, () => (result.value = this.chart().series.length));
    return result;
  }
  /** A new, empty series ("not visible until values … are set"), at `index` or last. */
  add(name?: string, index?: number): ChartSeriesProxy {
    let created: SeriesData | undefined;
    this.change([name ?? null, index ?? null], (c) => {
      if (name !== undefined) checkName(name, "A series name");
      created = { name: name ?? null };
      c.series.splice(index ?? c.series.length, 0, created);
    });
    return new ChartSeriesProxy(this.ctx, this.chartResolver, this.what, () => created);
  }
}

export class ChartSeriesProxy extends ChartPart {
  private boundSeries?: SeriesData;

  constructor(
    ctx: Context,
    resolve: ChartResolver,
    what: string,
    private readonly resolveSeries: () => SeriesData | undefined,
  ) {
    super(ctx, resolve, what);
  }

  private seriesData(): SeriesData {
    const c = this.chart();
    const s = this.boundSeries ?? this.resolveSeries();
    if (!s || !c.series.includes(s))
      throw officeError("ItemNotFound", `The series of ${this.what} does not exist`);
    this.boundSeries = s;
    return s;
  }

  preload(): this {
    return this.setLoaded(this.snapshot());
  }

  protected snapshot() {
    const c = this.chart();
    const s = this.seriesData();
    return { name: seriesPoints(this.ctx.model, s, c.series.indexOf(s)).name, chartType: c.type };
  }

  get name(): string {
    return this.get("name");
  }
  set name(v: string) {
    this.ctx.enqueue(v, () => {
      checkName(v, "A series name");
      this.seriesData().name = v;
    });
  }

  setValues(sourceData: RangeProxy): void {
    this.ctx.enqueue("Range", () => (this.seriesData().values = this.oneLine(sourceData)));
  }

  setXAxisValues(sourceData: RangeProxy): void {
    this.ctx.enqueue("Range", () => (this.seriesData().xValues = this.oneLine(sourceData)));
  }

  /** Values must be one row or one column (Excel: "References … must be a single cell, row, or column"). */
  private oneLine(range: RangeProxy) {
    const { sheet, rect } = source(range);
    if (rect.rows > 1 && rect.cols > 1)
      throw officeError("InvalidArgument", "A series reads one row or one column of cells");
    return ref(this.ctx.model, sheet, rect);
  }

  delete(): void {
    this.ctx.enqueue(null, () => {
      const s = this.seriesData();
      const c = this.chart();
      c.series = c.series.filter((x) => x !== s);
    });
  }

  /** Values of one dimension as text: Values / YValues (numbers), Categories / XValues (as the cells show them). */
  getDimensionValues(dimension: string): { value: string[] } {
    const result = { value: [] as string[] };
    this.ctx.enqueue(dimension, () => {
      const c = this.chart();
      const s = this.seriesData();
      const p = seriesPoints(this.ctx.model, s, c.series.indexOf(s));
      const d = String(dimension).toLowerCase();
      if (d === "values" || d === "yvalues")
        result.value = p.values.map((v) => (v === null ? "" : String(v)));
      else if (d === "categories") result.value = p.categories;
      else if (d === "xvalues") result.value = p.x.map(String);
      else throw officeError("InvalidArgument", `"${dimension}" is not a series dimension this chart has`);
      this.ctx.respond(jsonBytes(result.value));
    });
    return result;
  }
}
