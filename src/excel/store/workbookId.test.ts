/** The workbook's id: made once, kept in the workbook, read back by the next pane; never anything secret. */
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import { WORKBOOK_ID_PROPERTY, workbookIdOf } from "./workbookId";

test("the first ask makes an id and stores it in the workbook; later asks (another pane) read the same", async () => {
  const wb = new InMemoryWorkbook();
  const first = await workbookIdOf(wb.excel);
  expect(first).toMatch(/^v1:[0-9a-f-]{36}$/);
  expect(wb.model.customProperties.get(WORKBOOK_ID_PROPERTY)).toBe(first);
  // Another pane of the same workbook: another `Excel` namespace over it.
  const again = await workbookIdOf({ run: wb.excel.run.bind(wb.excel) } as typeof wb.excel);
  expect(again).toBe(first);
  // Another workbook has its own.
  expect(await workbookIdOf(new InMemoryWorkbook().excel)).not.toBe(first);
});

test("a damaged id is replaced; one a later version wrote is used as it is, never overwritten", async () => {
  const wb = new InMemoryWorkbook();
  wb.model.customProperties.set(WORKBOOK_ID_PROPERTY, "something else");
  expect(await workbookIdOf(wb.excel)).toMatch(/^v1:/);
  const later = new InMemoryWorkbook();
  later.model.customProperties.set(WORKBOOK_ID_PROPERTY, "v2:9f8e7d6c-tenant:contoso");
  expect(await workbookIdOf(later.excel)).toBe("v2:9f8e7d6c-tenant:contoso");
  expect(later.model.customProperties.get(WORKBOOK_ID_PROPERTY)).toBe("v2:9f8e7d6c-tenant:contoso");
});
