/** The catalogue spreadsheet's answers (CONTRACT.md "Catalogue in a spreadsheet"): the CSV out, and the import's JSON. */
import { SHEET_COLUMNS, type SheetError, type SheetRow } from "~/models/catalogue/index.server";
import { bilingual } from "~/i18n/bilingual.server";
import { csvFigure, writeCsv } from "~/utils/csv.server";

/** The shop's own figures, written as numbers: a bulk change's "-1" must reach the import as a negative stock, not as text. */
const FIGURES = new Set(["price", "price_before_discount", "stock"]);

/** With a BOM: Excel reads a file without one in the computer's own code page and shows Arabic as gibberish. */
export function catalogueSheetCsv(rows: SheetRow[]): string {
  return writeCsv([SHEET_COLUMNS, ...rows.map((row) => SHEET_COLUMNS.map((column) => (FIGURES.has(column) && /^-?\d+(\.\d+)?$/.test(row[column]) ? csvFigure(row[column]) : row[column])))], { bom: true });
}

/** Each error by its spreadsheet row and column, in both languages. */
export function sheetErrorsJson(errors: SheetError[]) {
  return errors.map((error) => ({
    row: error.row,
    column: error.column ?? "",
    message: bilingual(`admin.sheet.errors.${error.problem}`, { column: error.column ?? "", ...error.params }),
  }));
}

export function sheetImportRefusedJson(errors: SheetError[]) {
  return { message: bilingual("admin.sheet.errorsTitle"), errors: sheetErrorsJson(errors) };
}

export function sheetImportJson(counts: { created: number; updated: number; unchanged: number }) {
  return { created: counts.created, updated: counts.updated, unchanged: counts.unchanged, errors: [] as never[] };
}
