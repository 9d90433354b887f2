/**
 * The registered functions (functions.ts) load their implementation on the first call: a call answers
 * once it is loaded, and a failed load is a #N/A that says what to do, tried again on the next call.
 */
class FunctionsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

beforeAll(() => {
  (globalThis as Record<string, unknown>).CustomFunctions = {
    Error: FunctionsError,
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
});
afterAll(() => delete (globalThis as Record<string, unknown>).CustomFunctions);

const invocation = () => ({}) as CustomFunctions.CancelableInvocation;

test("the first call loads the implementation and answers", async () => {
  const { selfTest } = await import("./functions");
  await expect(selfTest(2, 1, "text", invocation())).resolves.toEqual([["r1c1"], ["r2c1"]]);
});

test("an implementation that cannot be loaded gives #N/A with what to do, and the next call tries again", async () => {
  let fail = true;
  jest.resetModules();
  jest.doMock("./runtime", () => {
    if (fail)
      throw Object.assign(new Error("Loading chunk 512 failed.\n(error: http://127.0.0.1/512.js)"), {
        name: "ChunkLoadError",
      });
    return jest.requireActual("./runtime");
  });
  const { selfTest } = await import("./functions");
  await expect(selfTest(1, 1, "number", invocation())).rejects.toMatchObject({
    code: "#N/A",
    message:
      "The add-in's functions could not be downloaded (the network or the add-in's server did not answer): check the network, then recalculate.",
  });
  fail = false;
  await expect(selfTest(1, 1, "number", invocation())).resolves.toEqual([[11]]);
  jest.dontMock("./runtime");
});
