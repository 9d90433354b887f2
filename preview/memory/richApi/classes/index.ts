/** Every Excel class the in-memory host models (each file defines its classes when loaded), and the workbook every request starts from. */
import "./range";
import "./borders";
import "./worksheet";
import "./table";
import "./chart";
import { workbookObject } from "./workbook";

export { workbookObject };
