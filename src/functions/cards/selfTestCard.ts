/** The self-test's card (=ADS.SELFTEST(1, 1, "card")): made without the service, read back by src/excel/selftest. */
import { SELF_TEST_CARD } from "../../runtime/selfTestValues";
import { entityValue, FieldSet, type CardNumberKind } from "./cellValues";

export function selfTestCard(kind: CardNumberKind): Excel.EntityCellValue {
  const f = new FieldSet(kind, "1900")
    .text("Title", SELF_TEST_CARD.title)
    .number(SELF_TEST_CARD.field, SELF_TEST_CARD.value, SELF_TEST_CARD.format);
  return entityValue(
    SELF_TEST_CARD.title,
    f.fields,
    [{ title: "Self-test", properties: [SELF_TEST_CARD.field] }],
    { icon: "Generic", titleField: "Title" },
  );
}
