/**
 * The Connect tab as a new user sees it: the service this build was made for, an override only when
 * asked for (checked before anything is sent), the "get a key" line, and the About area.
 */
import path from "path";
import { ARTIFACTS, cell, connect, expectText, setPaneWidth, typeInto, usePreview } from "./support";

const e = usePreview();

test("Connect names the configured service, and About says version, local build and where to get help", async () => {
  const { page } = e;
  await setPaneWidth(page, 320);
  await expectText(page.getByTestId("configured-service"), `Service: ${e.sandboxUrl} (local build)`);
  // No GET_KEY_URL in this build: the line says whom to ask instead of linking anywhere.
  await expectText(page.getByTestId("get-key"), /^No key yet\? Ask whoever manages your account/);
  expect(await page.getByTestId("get-key").getByRole("link").count()).toBe(0);
  const about = page.getByTestId("about");
  await expectText(about, /Ads Analytics for Excel \d+\.\d+\.\d+/);
  await expectText(about, /Local build: for this computer only, not for deployment/);
  const help = about.getByRole("link", { name: "Help and support" });
  expect(await help.getAttribute("href")).toBe("help.html");
  expect(await help.getAttribute("target")).toBe("_blank");
  const page2 = await (await fetch(new URL("help.html", page.url()))).text();
  expect(page2).toContain("Contact support");
  await page.locator(".pane-column").screenshot({ path: path.join(ARTIFACTS, "pane-320-connect.png") });
});

test("an override is checked before anything is sent, and is the address actually used", async () => {
  const { page } = e;
  const requests = async () => Number(await page.getByTestId("request-count").textContent());
  const before = await requests();
  const override = page.getByRole("textbox", { name: "Service address" });
  expect(await override.count()).toBe(0); // hidden until asked for
  await page.getByRole("checkbox", { name: "Use another service address" }).check();
  await page.getByRole("textbox", { name: "API key" }).fill("demo-pro");

  await override.fill("not an address");
  await page.getByRole("button", { name: "Connect" }).click();
  await page
    .getByText('Service address: "not an address" is not a web address (write it as https://…).')
    .waitFor();
  expect(await requests()).toBe(before);

  // Nothing listens on port 9: the pane reports that address, so it is the one it tried.
  await override.fill("http://127.0.0.1:9");
  await page.getByRole("button", { name: "Connect" }).click();
  // The pane's own messages (the preview's grid has a status line of its own).
  const connection = page.getByRole("region", { name: "Connection" });
  await expectText(
    connection.getByRole("status"),
    /^Could not reach the service at http:\/\/127\.0\.0\.1:9 \(Failed to fetch\)\. Check the address/,
    30_000,
  );

  await override.fill(`${e.sandboxUrl}/`);
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  await expectText(connection.getByRole("status"), `Connected to ${e.sandboxUrl}`);
});

test("a function typed before connecting answers once the pane connects, without Refresh ADS functions", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Connect" }).click();
  const signOut = page.getByRole("button", { name: "Sign out" });
  if (await signOut.isVisible()) await signOut.click();
  await typeInto(page, "J2", "=ADS.SHOWLISTENERS(1200000001)");
  await expectText(cell(page, "J2"), "#N/A");
  await connect(page, "demo-pro");
  await signOut.waitFor();
  // Connecting recalculates: the cell asks again by itself.
  await expectText(cell(page, "J2"), /^\d+$/);
});
