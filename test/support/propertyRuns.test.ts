/** The suite's property counts: full in `npm test`, scaled in the inner loop, a property's own variable first. */
function load(scale: string | undefined): typeof import("./propertyRuns") {
  const saved = process.env.PROPERTY_SCALE;
  if (scale === undefined) delete process.env.PROPERTY_SCALE;
  else process.env.PROPERTY_SCALE = scale;
  try {
    let mod: typeof import("./propertyRuns") | undefined;
    jest.isolateModules(() => {
      mod = jest.requireActual<typeof import("./propertyRuns")>("./propertyRuns");
    });
    return mod!;
  } finally {
    if (saved === undefined) delete process.env.PROPERTY_SCALE;
    else process.env.PROPERTY_SCALE = saved;
  }
}

test("without PROPERTY_SCALE every property runs its full count", () => {
  expect(load(undefined).propertyRuns(3500)).toBe(3500);
});

test("PROPERTY_SCALE=0.1 runs a tenth, rounded up, at least one", () => {
  const { propertyRuns } = load("0.1");
  expect(propertyRuns(3500)).toBe(350);
  expect(propertyRuns(143)).toBe(15);
  expect(propertyRuns(5)).toBe(1);
});

test("a property's own variable sets its count whatever the scale", () => {
  expect(load("0.1").propertyRuns(1000, "7")).toBe(7);
  expect(() => load(undefined).propertyRuns(1000, "many")).toThrow(/whole number above 0.*"many"/);
});

test("a scale that is not a fraction up to 1 is refused, naming the variable", () => {
  expect(() => load("2")).toThrow(/PROPERTY_SCALE must be a number above 0 and at most 1 \(got "2"\)/);
  expect(() => load("fast")).toThrow(/PROPERTY_SCALE/);
});
