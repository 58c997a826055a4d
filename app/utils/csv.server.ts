import { stringify } from "csv-stringify/sync";

/**
 * The one writer for every CSV the shop writes (docs/decisions/0070-csv-writer-and-formula-cells.md). csv-stringify
 * does RFC 4180's part (quotes around a comma, a quote or a line break, quotes doubled, CRLF between records, the
 * BOM); the formula rule is ours, here, so that it reads in one place and holds for every file.
 */

/** A figure the shop itself writes ("-2.500" KD, a count): a real number, left as it is, minus sign and all. */
export class CsvFigure {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`Not a plain number for a CSV figure: ${JSON.stringify(text)}`);
    this.text = text;
  }
}

export function csvFigure(text: string): CsvFigure {
  return new CsvFigure(text);
}

/** Text (anyone's: a product name, a code), a figure the shop wrote, a number, or an empty cell. */
export type CsvCell = string | number | CsvFigure | null | undefined;

/**
 * What a spreadsheet may read as the start of a formula (OWASP, "CSV Injection"): = + - @, a tab, a carriage return,
 * and the full-width = + - @ that Apple Numbers folds into them (the list csv-stringify's `escape_formulas` uses).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell that could start a formula gets a leading ' so the spreadsheet shows it as text and runs nothing. */
export function neutralizedText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cellText(cell: CsvCell, forSpreadsheet: boolean): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof CsvFigure) return cell.text;
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new Error(`Not a finite number for a CSV cell: ${cell}`);
    return String(cell);
  }
  return forSpreadsheet ? neutralizedText(cell) : cell;
}

/**
 * Rows as CSV text: CRLF after every record, an empty row as a blank line, text cells neutralised, figures and
 * numbers as they are. `bom` starts the text with a UTF-8 BOM, for spreadsheets that otherwise guess the encoding.
 * `forService` is a file a service reads and shows its text to people (Meta's catalogue feed): no spreadsheet runs
 * it, and a leading ' would be shown to shoppers ("'- 100% cotton"), so text cells go as they are.
 */
export function writeCsv(rows: readonly (readonly CsvCell[])[], { bom = false, forService = false }: { bom?: boolean; forService?: boolean } = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => cellText(cell, !forService))),
    // With a record delimiter named, csv-stringify quotes a lone \r or \n only when told to; a spreadsheet ends the row there.
    { record_delimiter: "windows", quote_record_delimiter: true, bom },
  );
}
