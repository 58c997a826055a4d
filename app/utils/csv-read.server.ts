/**
 * The one reader for a CSV someone else wrote (docs/decisions/0092-catalogue-spreadsheet.md): RFC 4180 records,
 * quoted fields that hold the delimiter, doubled quotes or line breaks, and what spreadsheets add around it: a UTF-8
 * BOM, CRLF or LF, and the delimiter of the sheet's locale (Excel writes semicolons where the comma is the decimal
 * sign, as in Arabic locales). The project has no CSV parser package; this is its smallest correct part.
 */

export type CsvRecord = { /** the row as a spreadsheet numbers it, the first being 1 */ row: number; cells: string[] };

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; row: number; problem: "unclosedQuote" };

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter the first record uses most, outside quotes; a comma when there is none. */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [",", 0] as [string, number])[0];
}

/** Every record of `text`, blank lines left out (their row numbers still count, as in the spreadsheet). */
export function readCsv(input: string): CsvReadResult {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let row = 1;
  let recordRow = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ row: recordRow, cells });
    cells = [];
    cell = "";
    row += 1;
    recordRow = row;
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[at + 1] === "\n") at += 1;
      endRecord();
    } else cell += char;
  }
  if (quoted) return { ok: false, row: recordRow, problem: "unclosedQuote" };
  if (cell !== "" || cells.length > 0) endRecord();
  return { ok: true, records };
}
