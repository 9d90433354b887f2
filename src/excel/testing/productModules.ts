/** The product's modules as files (tests and test helpers left out), for tests that read the sources. */
import { readdirSync, statSync } from "fs";
import path from "path";

/** The src/ folder. */
export const SRC = path.join(__dirname, "..", "..");

/** Every product module under `dir` (src/ by default). */
export function productModules(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "testing" ? [] : productModules(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}
