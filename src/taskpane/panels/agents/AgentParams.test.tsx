/** Issue 49: the Agents tab offers parameter names in a planner's words, and the box keeps the name the service gets. */
import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { AgentParams } from "./AgentParams";

const render = (name: string) =>
  renderToStaticMarkup(
    <FluentProvider theme={webLightTheme}>
      <AgentParams
        pairs={[{ name, value: "Acme" }]}
        setPairs={() => undefined}
        idPrefix="p"
        root={createRef<HTMLElement>() as never}
        focusAfterRender={(() => undefined) as never}
        onReadRange={() => undefined}
        knownNames={["client_name", "startDate"]}
      />
    </FluentProvider>,
  );

test("known parameter names are offered with their words; the Name box holds the service's name and says its words", () => {
  const html = render("client_name");
  expect(html).toContain('<option value="client_name" label="Client name">');
  expect(html).toContain('<option value="startDate" label="Start date">');
  expect(html).toMatch(/<input[^>]*value="client_name"/);
  expect(html).toContain("Client name (sent as client_name)");
  // A name already in words says nothing more.
  expect(render("Budget")).not.toContain("sent as");
});
