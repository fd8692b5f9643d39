/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return may be run as a formula when the file is opened
 * in a spreadsheet. Writers prefix such cells with a single quote; readers of engram
 * files drop one quote in front of those characters, so what was written reads back.
 * Cells already starting with quotes before such a character get one more, so that a
 * label like `'-x` survives the round trip too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** The cell as a CSV writer should put it: `'` in front of a formula-like start. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The cell as it was before neutraliseFormula: one quote fewer in front of a formula start. */
export function restoreFormula(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
