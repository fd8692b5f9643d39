/**
 * A small RFC 4180 CSV reader for engram files (the importer and the pull job): comma
 * separated, fields optionally in double quotes (holding commas, newlines and "" for a
 * quote), CRLF, LF or CR line ends, a leading UTF-8 BOM ignored, blank lines skipped.
 * Each record carries the line it starts on, so errors can point at it.
 */
export interface CsvRecord {
  /** 1-based line number where the record starts */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "CsvError";
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quotedField = false;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = "";
    quotedField = false;
  };
  const endRecord = () => {
    const quoted = quotedField;
    endField();
    // A blank line is one empty unquoted field: skip it.
    if (!(fields.length === 1 && fields[0] === "" && !quoted)) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '"' && field === "" && !quotedField) {
      // A quoted field: read up to the closing quote.
      const start = line;
      i++;
      for (;;) {
        if (i >= src.length) throw new CsvError("a quoted field is never closed", start);
        const q = src[i]!;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\n" || (q === "\r" && src[i + 1] !== "\n")) line++;
        field += q;
        i++;
      }
      quotedField = true;
      const next = src[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
        throw new CsvError("text after a closing quote", line);
      continue;
    }
    if (c === ",") {
      endField();
      i++;
    } else if (c === "\n" || c === "\r") {
      endRecord();
      i += c === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      if (c === '"') throw new CsvError("a quote inside an unquoted field", line);
      field += c;
      i++;
    }
  }
  if (field !== "" || fields.length > 0 || quotedField) endRecord();
  return records;
}
