// lib/csv/parse-csv.ts: the CSV dialect engram files use (importer, pull job), and
// lib/csv/formula-cells.ts: spreadsheet formula injection in the files we write.
import { describe, expect, it } from "vitest";
import { neutraliseFormula, restoreFormula } from "@/lib/csv/formula-cells";
import { CsvError, parseCsv } from "@/lib/csv/parse-csv";
import { readEngramFile } from "@/lib/engrams/engram-file";

describe("parseCsv", () => {
  it("reads plain rows with LF, CRLF and CR line ends", () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      expect(parseCsv(`a,b${eol}1,2${eol}`).map((r) => r.fields)).toEqual([
        ["a", "b"],
        ["1", "2"],
      ]);
    }
  });

  it("reads quoted fields holding commas, quotes and newlines, and numbers lines", () => {
    const text =
      'path,label,availability\r\n/A.A,"Say ""hi""","Island,Scorched"\r\n/B.B,"two\r\nlines",Center\r\n/C.C,,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["path", "label", "availability"] },
      { line: 2, fields: ["/A.A", 'Say "hi"', "Island,Scorched"] },
      { line: 3, fields: ["/B.B", "two\r\nlines", "Center"] },
      { line: 5, fields: ["/C.C", "", ""] },
    ]);
  });

  it("ignores a BOM, blank lines and a missing final newline", () => {
    expect(parseCsv("\uFEFFa,b\n\n1,2").map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
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

describe("formula cells", () => {
  it("prefixes cells starting with = + - @ tab or CR with a quote, and nothing else", () => {
    for (const c of ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(neutraliseFormula(c)).toBe(`'${c}`);
    for (const c of ["/Game/A.A", "Metal Pick", "", "'quoted", "a=b", " =x", "true", "Island,Scorched"])
      expect(neutraliseFormula(c)).toBe(c);
    expect(neutraliseFormula("'-x")).toBe("''-x");
  });

  it("restores exactly one added quote, and only in front of a formula start", () => {
    for (const c of ["=1+1", "-Spear", "@x", "+", "''=x", "'-"]) expect(restoreFormula(neutraliseFormula(c))).toBe(c);
    expect(restoreFormula("''=x")).toBe("'=x");
    expect(restoreFormula("'=x")).toBe("=x");
    for (const c of ["'quoted", "'", "'a=b", "plain"]) expect(restoreFormula(c)).toBe(c);
  });

  it("is undone by readEngramFile for CSV cells, not for JSON values", () => {
    const csv = "path,label,availability\n/A.A,'-Spear-,Island\n/B.B,'Tis,Island\n";
    expect(readEngramFile(csv, "csv").map((r) => (r.value as { label: string }).label)).toEqual(["-Spear-", "'Tis"]);
    expect((readEngramFile(JSON.stringify({ label: "'=x" }), "json")[0]!.value as { label: string }).label).toBe("'=x");
  });
});
