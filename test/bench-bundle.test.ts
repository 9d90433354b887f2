/**
 * `npm run bench` runs the benches from one esbuild bundle (bench/tmp/run.js), so every module the
 * benches import must behave when bundled: a module that starts itself with
 * `require.main === module` would start inside the bench, since that holds for every module of a
 * bundle (the preview server did, and stopped the bundle bench).
 */
import { buildSync } from "esbuild";

test("the bench bundles, and nothing in it starts itself on require.main", () => {
  const result = buildSync({
    entryPoints: ["bench/run.ts"],
    bundle: true,
    platform: "node",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  expect(result.errors).toEqual([]);
  const code = result.outputFiles[0].text;
  // The write bench and the bundle bench are both in it.
  expect(code).toContain("bench/write.bench.ts");
  expect(code).toContain("bench/bundle.bench.ts");
  expect(code).not.toMatch(/require\.main\s*===?\s*module/);
});
