import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 28, point 7: the shop speaks to its shoppers in one grammatical form, the masculine (neutral) imperative that
 * Gulf shops use ("أضف إلى السلة", "اشترِ الآن", "اختر"), never the feminine one beside it ("اشتري", "اختاري").
 * docs/decisions/0044-arabic-numbers-and-commands.md. The feminine imperatives (and second-person feminine verbs)
 * that the shop's texts had or would be likely to use, written without diacritics:
 */
const FEMININE_FORMS = [
  "اختاري", "أنشئي", "اشتري", "أضيفي", "أدخلي", "سجلي", "أعلميني", "اتركي", "احصلي", "غيري", "تسوقي", "جربي", "اكتبي",
  "تواصلي", "تطلبي", "ادفعي", "تابعي", "اضغطي", "استخدمي", "احفظي", "أعيدي", "ارجعي", "عودي", "احذفي", "انقري", "اطلبي",
  "تصفحي", "شاركي", "أكملي", "أرسلي", "اعرضي", "ابحثي", "تأكدي", "راجعي", "أكدي", "تقومي", "تكوني", "انتقلي", "حددي",
  "اختبري", "أغلقي", "افتحي", "اقرئي", "انتظري", "حاولي", "سجّلي", "تحققي", "اشتركي", "ألغي",
].map(withoutMarks);

/** Harakat, shadda and tatweel are left out, so "سجّلي" and "سجلي" are one word. */
function withoutMarks(word: string) {
  return word.replace(/[\u064B-\u0652\u0640]/g, "");
}

/** The feminine commands in a text, a word at a time, also behind a joined "و" or "ف" ("فأعيدي"). */
function feminineCommands(text: string): string[] {
  const words = text.match(/[\u064B-\u0652\u0621-\u064A\u0640]+/g) ?? [];
  return words.filter((word) => {
    const bare = withoutMarks(word);
    return FEMININE_FORMS.includes(bare) || (/^[وف]/.test(bare) && FEMININE_FORMS.includes(bare.slice(1)));
  });
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

// Every Arabic locale file, and the mails and PDFs whose Arabic is written beside their English.
const SOURCES = [...files("app/i18n/locales/ar"), ...files("app/mail"), ...files("app/pdf")];

describe("Arabic commands", () => {
  it("finds the feminine forms it looks for, also with diacritics and a joined conjunction", () => {
    expect(feminineCommands("اختاري تصنيفًا، ثم اشتري الآن أو سجّلي الدخول فأعيدي المحاولة")).toEqual(["اختاري", "اشتري", "سجّلي", "فأعيدي"]);
    expect(feminineCommands("أضف إلى السلة، اشترِ الآن، اختر تصنيفًا، سجّل الدخول، حسابي، المجاني")).toEqual([]);
  });

  it("reads the locale files it is meant to read", () => {
    const shop = SOURCES.find((file) => file.endsWith(path.join("ar", "shop.ts")));
    expect(shop && fs.readFileSync(shop, "utf8")).toContain("أضف إلى السلة");
    expect(SOURCES.length).toBeGreaterThan(15);
  });

  it.each(SOURCES)("%s uses no feminine command", (file) => {
    expect(feminineCommands(fs.readFileSync(file, "utf8"))).toEqual([]);
  });
});
