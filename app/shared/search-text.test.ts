import { describe, expect, it } from "vitest";
import { normalizeSearchText, searchWords } from "./search-text";

describe("normalizeSearchText", () => {
  it.each([
    ["alef with hamza above", "أحمر", "احمر"],
    ["alef with hamza below", "إكسسوار", "اكسسوار"],
    ["alef with madda", "آمنة", "امنه"],
    ["alef wasla", "ٱلشعر", "الشعر"],
    ["alef maqsura as yeh", "هدى", "هدي"],
    ["teh marbuta as heh", "ربطة", "ربطه"],
    ["waw with hamza", "مؤتمر", "موتمر"],
    ["yeh with hamza", "بريئة", "برييه"],
    ["short vowels and shadda", "مُشَبَّك", "مشبك"],
    ["tanween", "شكراً", "شكرا"],
    ["tatweel", "شـــريطة", "شريطه"],
    ["Arabic-Indic digits", "مقاس ٣٤", "مقاس 34"],
    ["Persian digits", "۱۲", "12"],
    ["Latin case", "Navy BOW", "navy bow"],
    ["Latin accents", "Café Rosé", "cafe rose"],
    ["punctuation and spaces", "  bows, clips & pins!  ", "bows clips pins"],
    ["mixed languages", "ربطة Bow ٢", "ربطه bow 2"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it("makes every spelling of a word the same", () => {
    const spellings = ["أساور", "اساور", "إساور", "آساور", "اَسَاوِر", "اســاور"];
    expect(new Set(spellings.map(normalizeSearchText))).toEqual(new Set(["اساور"]));
  });
});

describe("searchWords", () => {
  it("splits, drops repeats and keeps at most 8 words", () => {
    expect(searchWords("Bow bow ربطة")).toEqual(["bow", "ربطه"]);
    expect(searchWords("  ")).toEqual([]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});
