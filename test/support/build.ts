/**
 * Runs a webpack build into a directory of its own (never dist/, which the other tests use), with
 * exactly the build settings given: any the developer's shell exports are left out. With `statsFile`
 * the build runs through scripts/build-with-stats.js (the same config, webpack's Node API) and writes
 * its webpack stats there, for scripts/bundle-report.js.
 */
import { spawn } from "child_process";
import path from "path";

const root = path.resolve(__dirname, "..", "..");
const WEBPACK = path.join(root, "node_modules", ".bin", "webpack");
const WITH_STATS = path.join(root, "scripts", "build-with-stats.js");
const BUILD_SETTINGS = [
  "ADDIN_BASE_URL",
  "SERVICE_BASE_URL",
  "APPROVED_SERVICE_URLS",
  "GET_KEY_URL",
  "SUPPORT_CONTACT",
];

export interface BuildResult {
  status: number | null;
  /** stdout and stderr together, as a person would read them. */
  output: string;
}

export function runBuild(
  outDir: string,
  settings: Record<string, string>,
  mode: "production" | "development" = "production",
  timeoutMs = 240_000,
  statsFile?: string,
): Promise<BuildResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of BUILD_SETTINGS) delete env[name];
  Object.assign(env, settings);
  return new Promise((resolve, reject) => {
    const child = statsFile
      ? spawn(process.execPath, [WITH_STATS, root, outDir, statsFile, mode], { cwd: root, env })
      : spawn(WEBPACK, ["--mode", mode, "--output-path", outDir], { cwd: root, env });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`webpack took longer than ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
