// Spreadsheets run a cell that begins with =, +, -, @, a tab or a carriage return as a formula
// (OWASP "CSV injection"); a leading apostrophe makes such a cell text. Plain numbers such as
// -5 or +1.5e3 are left alone: they compute nothing.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as an export writes it: a would-be formula gets a leading apostrophe. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A cell as an import reads it: the apostrophe an export added comes off again. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
