/** The app as a whole, in-process: CORS for the add-in's origins. */
import { inProcessSandbox } from "./testing/inProcess";

test("CORS: loopback origins and SANDBOX_CORS_ORIGINS are reflected, others are not", async () => {
  const previous = process.env.SANDBOX_CORS_ORIGINS;
  process.env.SANDBOX_CORS_ORIGINS = "https://addin.example.test";
  try {
    const s = inProcessSandbox();
    const origin = async (o: string) =>
      (
        await s.app.request("/api/public/episode/search?search=x", {
          method: "OPTIONS",
          headers: {
            Origin: o,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
          },
        })
      ).headers.get("access-control-allow-origin");
    expect(await origin("https://localhost:3000")).toBe("https://localhost:3000");
    expect(await origin("https://addin.example.test")).toBe("https://addin.example.test");
    expect(await origin("https://evil.example.test")).toBeNull();
  } finally {
    if (previous === undefined) delete process.env.SANDBOX_CORS_ORIGINS;
    else process.env.SANDBOX_CORS_ORIGINS = previous;
  }
});
