import { describe, expect, it } from "vitest";
import { visualRuns, wrapWords } from "./text.server";

const words = (text: string, direction?: "rtl" | "ltr") =>
  visualRuns(text, direction)
    .filter((run) => !run.isSpace)
    .map((run) => run.text);

describe("visualRuns", () => {
  it("puts Arabic words right to left and keeps numbers and Latin left to right", () => {
    expect(words("رقم الطلب ORD-123456789012 بقيمة 2.50 د.ك")).toEqual(["د.ك", "2.50", "بقيمة", "ORD-123456789012", "الطلب", "رقم"]);
  });

  it("leaves an English line alone, even with an Arabic name inside", () => {
    expect(words("Customer: سارة أحمد paid", "ltr")).toEqual(["Customer:", "أحمد", "سارة", "paid"]);
  });
});

describe("wrapWords", () => {
  it("breaks between words within the width", () => {
    expect(wrapWords("one two three four", 9, (text) => text.length)).toEqual(["one two", "three", "four"]);
  });
});
