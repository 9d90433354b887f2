/** Types of scripts/bundle-report.js (plain CommonJS, so the build scripts can use it without a compiler). */

/** The part of webpack's stats JSON the report reads (scripts/build-with-stats.js writes it). */
export interface WebpackStats {
  chunks: { id: string | number; files: string[] }[];
  modules: { name: string; chunks?: (string | number)[]; modules?: { name: string }[] }[];
}

/** One node of webpack-bundle-analyzer's JSON report (`--mode json`). */
export interface AnalyzerNode {
  label: string;
  parsedSize?: number;
  groups?: AnalyzerNode[];
}

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface DuplicateModule {
  module: string;
  files: string[];
}

export interface PageReport {
  /** What the page loads before the pane is usable: its scripts in document order, then the pane's code. */
  initial: FileSize[];
  bytes: number;
  gzipBytes: number;
  /** bytes / HELLO_WORLD_BYTES */
  ratio: number;
  /** Every other script of the build but the development preview's. */
  later: FileSize[];
  laterBytes: number;
  laterGzipBytes: number;
  duplicates: DuplicateModule[];
}

export const HELLO_WORLD_BYTES: number;
export const GOAL_RATIO: number;
export const PAGE_BUDGET_BYTES: number;
export function pageScripts(distDir: string, page?: string): string[];
/** The code taskpane.html's head fetches beyond its scripts (webpack.config.js, PageCodeOrder). */
export function pageCode(distDir: string, page?: string): { functions: string[]; pane: string[] };
/** What the page loads before the pane is usable: its scripts, then the pane's code. */
export function firstLoad(distDir: string, page?: string): string[];
export function scriptsForLater(distDir: string): string[];
export function fileSize(distDir: string, file: string): FileSize;
export function modulesByFile(stats: WebpackStats): Map<string, Set<string>>;
export function duplicateModules(stats: WebpackStats, files: string[]): DuplicateModule[];
export function pageReport(distDir: string, stats: WebpackStats): PageReport;
export function largestModules(
  analyzerReport: AnalyzerNode[],
  files: string[],
  count?: number,
): { name: string; bytes: number }[];
