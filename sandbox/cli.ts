/** `npm run sandbox`: serves the sandbox on http://127.0.0.1:4010 (PORT overrides) and prints its keys. */
import { createSandbox, FIXTURES, SANDBOX_KEYS } from "./index";

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4010);
  const { url } = await createSandbox().listen(port, "127.0.0.1");
  console.log(`Sandbox service listening on ${url}`);
  console.log(`Keys: ${SANDBOX_KEYS.join(", ")} (demo-pro can do everything)`);
  console.log(
    `Fixtures: show ${FIXTURES.showId}, Alpha channel ${FIXTURES.alphaChannel}, advertisers ${FIXTURES.advertisers.slice(0, 2).join(", ")}; agents 1 and 2 active, 3 inactive`,
  );
}

void main();
