import { describe, expect, it } from "vitest";
import { getLanguage } from "~/i18n/i18next.server";
import { namedLanguage } from "~/i18n/bilingual.server";
import { pageLanguage } from "~/i18n/page-language.server";

const page = (headers: Record<string, string>, url = "http://localhost/") => getLanguage(new Request(url, { headers }));

describe("the page's language (CONTRACT.md, Language)", () => {
  it("is the Accept-Language's most wanted language the shop speaks, wherever it is ranked", async () => {
    expect(await page({ "Accept-Language": "fr, en;q=0.5" })).toBe("en");
    expect(await page({ "Accept-Language": "fr-CA, de;q=0.9, ar-KW;q=0.3, en;q=0.2" })).toBe("ar");
    expect(await page({ "Accept-Language": "en;q=0.4, ar;q=0.6" })).toBe("ar");
    expect(await page({ "Accept-Language": "en-GB" })).toBe("en");
    expect(await page({ "Accept-Language": "fr, en;q=0" })).toBe("ar");
    expect(await page({ "Accept-Language": "fr, de" })).toBe("ar");
    expect(await page({})).toBe("ar");
  });

  it("follows the lang cookie over the header, and ?lang= over both", async () => {
    expect(await page({ Cookie: "lang=ar", "Accept-Language": "en" })).toBe("ar");
    expect(await page({ Cookie: "lang=en", "Accept-Language": "ar" })).toBe("en");
    expect(await page({ Cookie: "lang=fr", "Accept-Language": "fr, en;q=0.5" })).toBe("en");
    expect(await page({ Cookie: "lang=%65n" })).toBe("en");
    expect(await page({ Cookie: "lang=en" }, "http://localhost/?lang=ar")).toBe("ar");
  });

  it("is made alike from bare headers, as the server's parts without a web Request ask for it", () => {
    expect(pageLanguage({ cookie: "a=1; lang=en", acceptLanguage: "ar" })).toBe("en");
    expect(pageLanguage({ acceptLanguage: "fr, en;q=0.5" })).toBe("en");
    expect(pageLanguage({})).toBe("ar");
  });

  it("differs from the language an API error is told in, which must be named first", () => {
    expect(namedLanguage(new Request("http://localhost/", { headers: { "Accept-Language": "fr, en;q=0.5" } }))).toBeNull();
    expect(namedLanguage(new Request("http://localhost/", { headers: { "Accept-Language": "en, fr;q=0.5" } }))).toBe("en");
  });
});
