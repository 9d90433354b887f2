import path from "path";

/**
 * The repository's root. `npm run bench` runs the benches from one bundle in bench/tmp/ (made by
 * esbuild, so the code runs as the add-in's webpack bundle does, without tsx's per-call module
 * getters in the hot loops); this file is then in bench/tmp/run.js, else in bench/.
 */
export const ROOT = path.resolve(__dirname, path.basename(__dirname) === "tmp" ? "../.." : "..");
