import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { popplerActualText, popplerClass, visualRuns, wrapWords } from "./text.server";

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

/**
 * Poppler's reorderText on a page it judges right to left (poppler/TextOutputDev.cc), without the embedding marks
 * it adds: the characters stand in `visual` as on the page, left to right; from the right end, a stretch of
 * characters that are not strong left to right is read backwards, then a stretch that is not right to left forwards.
 */
function popplerReorder(visual: string) {
  const chars = Array.from(visual);
  let out = "";
  let index = chars.length - 1;
  while (index >= 0) {
    let end = index;
    while (end >= 0 && popplerClass(chars[end]) !== "S") end--;
    for (let k = index; k > end; k--) out += chars[k];
    index = end;
    while (end >= 0 && popplerClass(chars[end]) !== "R") end--;
    out += chars.slice(end + 1, index + 1).join("");
    index = end;
  }
  return out;
}

const withoutMarks = (text: string) => text.replace(/[\u200E\u200F]/g, "");

describe("popplerActualText", () => {
  const hardCases = [
    "تمسار للإكسسوارات",
    "مبنى 7، منزل، لا لأ لإ لآ",
    "شَعْر طويل",
    "اتصلي على sara.k@example.com، شكرًا",
    "قطعة ٣، شارع Tunis Street، رقم ٤٥، مبنى 12",
    "الخصم (EID2026): -0.80 د.ك",
    "Discount (EID2026): -0.80 KD",
    "Customer: سارة أحمد",
    "Floor 2, Apt/House لآلئ 5",
    "(CODE)",
    " مسافة في الطرفين ",
  ];

  it.each(hardCases)("gives poppler's reordering back the stored line: %s", (line) => {
    expect(withoutMarks(popplerReorder(popplerActualText(line)))).toBe(line);
  });

  it("adds a mark only where poppler could not place a neutral otherwise, and one on the far left", () => {
    expect(popplerActualText("مبنى 7")).toBe("\u200F 7ىنبم");
    expect(popplerActualText("مبنى 7، منزل")).toBe("\u200Fلزنم 7، \u200Eىنبم");
  });

  it("gives back any mix of Arabic, Latin, both digit sets, marks and punctuation", () => {
    const alphabet = Array.from("لاأإآىةيبنمرعشَْ ًّABCxyz0123٠١٢٣ .,:;،-()/@+'!?");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }), (chars) => {
        const line = chars.join("");
        expect(withoutMarks(popplerReorder(popplerActualText(line)))).toBe(line);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps two spans on one line apart: each reads back whole", () => {
    const right = "الخصم (EID2026): -0.80 د.ك";
    const left = "Discount (EID2026): -0.80 KD";
    // The left span stands left of the right one on the page.
    expect(withoutMarks(popplerReorder(popplerActualText(left) + " " + popplerActualText(right)))).toBe(`${right} ${left}`);
  });
});
