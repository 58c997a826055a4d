import { describe, expect, it } from "vitest";
import { csvFigure, writeCsv } from "./csv.server";

describe("writeCsv", () => {
  it("puts a ' before text that a spreadsheet would read as a formula, in every column", () => {
    const cells = ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "＝1", "ok", "a=b"];
    expect(writeCsv([cells])).toBe(`'=1+2,'+1,'-1,'@SUM(A1),'\tx,"'\rx",'＝1,ok,a=b\r\n`);
  });

  it("keeps the shop's figures and numbers as numbers, and refuses a figure that is not one", () => {
    expect(writeCsv([[csvFigure("-2.500"), -3, 0, null, undefined, ""]])).toBe("-2.500,-3,0,,,\r\n");
    expect(() => csvFigure("-2+3")).toThrow();
  });

  it("quotes commas, quotes and line breaks, keeps Arabic as it is, writes a blank line for an empty row and a BOM when asked", () => {
    expect(writeCsv([["مشبك، أحمر, كبير", 'say "hi"', "two\nlines"], [], ["فيونكة"]], { bom: true })).toBe(
      `\uFEFF"مشبك، أحمر, كبير","say ""hi""","two\nlines"\r\n\r\nفيونكة\r\n`,
    );
  });
});
