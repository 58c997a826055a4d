/**
 * The variant grid on an Arabic admin page with option rows left blank (probe 1, finding 1): conform reads a blank row
 * as `undefined`, which used to crash the page as soon as the grid was shown.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { VariantGrid, type OptionFormRow } from "./variant-grid";

const colour = { nameEn: "Colour", nameAr: "اللون", valuesEn: "Pink\nBlue", valuesAr: "وردي\nأزرق" };

function grid(language: "ar" | "en", options: (OptionFormRow | undefined)[]) {
  return renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <VariantGrid formId="product" options={options} variants={[{ match: "Pink", key: "0" }, { match: "Blue", key: "1" }]} images={[]} errors={{}} />
    </I18nProvider>,
  );
}

describe("the variant grid with blank option rows", () => {
  it("names its rows in Arabic on an Arabic page, the blank rows left out", () => {
    const html = grid("ar", [colour, undefined, undefined]);
    expect(html).toContain("<bdi>وردي</bdi>");
    expect(html).toContain("<bdi>أزرق</bdi>");
    expect(html).toContain('value="Blue"');
  });

  it("still names them in English on an English page", () => {
    expect(grid("en", [colour, undefined, undefined])).toContain("<bdi>Blue</bdi>");
  });
});
