/** A parameter taken from a cell: its box is not required, cannot be typed in, and names the cell. */
import { renderToStaticMarkup } from "react-dom/server";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { REPORT_FORMS } from "../reportForms";
import { FormField } from "./FormField";

const advertisers = REPORT_FORMS.estimatedSpendByDay.fields.find((f) => f.name === "advertisers")!;

const render = (fromCell?: string) =>
  renderToStaticMarkup(
    <FluentProvider theme={webLightTheme}>
      <FormField spec={advertisers} value="" fromCell={fromCell} onChange={() => undefined} />
    </FluentProvider>,
  );

test("a typed Advertisers box is required; one taken from a cell is not, is read-only and names its cell", () => {
  expect(advertisers.required).toBe(true);
  const typed = render();
  expect(typed).toMatch(/<input[^>]*required=""/);
  expect(typed).not.toContain("Taken from");
  const bound = render("Clients!$B$2");
  expect(bound).not.toMatch(/<input[^>]*required=""/);
  expect(bound).toMatch(/<input[^>]*disabled=""/);
  expect(bound).toContain("Taken from Clients!$B$2, read again at every refresh");
});
