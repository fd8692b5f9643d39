// lib/csv/parse-csv.ts: the CSV dialect engram files use (importer, pull job).
import { describe, expect, it } from "vitest";
import { CsvError, parseCsv } from "@/lib/csv/parse-csv";

describe("parseCsv", () => {
  it("reads plain rows with LF, CRLF and CR line ends", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      expect(parseCsv(`a,b${eol}1,2${eol}`).map((r) => r.fields)).toEqual([["a", "b"], ["1", "2"]]);
    }
  });

  it("reads quoted fields holding commas, quotes and newlines, and numbers lines", () => {
    const text = 'path,label,availability\r\n/A.A,"Say ""hi""","Island,Scorched"\r\n/B.B,"two\r\nlines",Center\r\n/C.C,,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["path", "label", "availability"] },
      { line: 2, fields: ["/A.A", 'Say "hi"', "Island,Scorched"] },
      { line: 3, fields: ["/B.B", "two\r\nlines", "Center"] },
      { line: 5, fields: ["/C.C", "", ""] },
    ]);
  });

  it("ignores a BOM, blank lines and a missing final newline", () => {
    expect(parseCsv("\uFEFFa,b\n\n1,2").map((r) => r.fields)).toEqual([["a", "b"], ["1", "2"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("keeps a quoted empty field as a record", () => {
    expect(parseCsv('""\n').map((r) => r.fields)).toEqual([[""]]);
  });

  it("names the line of malformed quoting", () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvError);
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(/line 2/);
    expect(() => parseCsv('a,b"c\n')).toThrow(/line 1/);
    expect(() => parseCsv('"a"b,c\n')).toThrow(/closing quote/);
  });
});
