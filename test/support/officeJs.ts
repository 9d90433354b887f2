/**
 * Jest setup (every test file): workbook tests run the add-in through the genuine office.js Excel
 * client, loaded in a Node vm when a test first makes an InMemoryWorkbook.
 */
import { provideOfficeJs } from "../../preview/memory/officeJs";
import { loadOfficeJsInNode } from "../../preview/memory/officeJsNode";

provideOfficeJs(loadOfficeJsInNode);
