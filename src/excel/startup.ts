/**
 * Whether the add-in loads with the document: on when any sheet is marked "refresh when the workbook
 * opens" (the shared runtime then starts and refreshes those sheets), off otherwise. Outside Office
 * (the preview) there is nothing to set.
 */
export async function setLoadWithDocument(on: boolean): Promise<boolean> {
  if (typeof Office === "undefined" || !Office.addin?.setStartupBehavior) return false;
  await Office.addin.setStartupBehavior(on ? Office.StartupBehavior.load : Office.StartupBehavior.none);
  return true;
}
