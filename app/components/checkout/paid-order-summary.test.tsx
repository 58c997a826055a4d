/**
 * The thank-you page's items (probe 1, finding 6): an Arabic page writes each quantity in Arabic-Indic digits, as My
 * Orders does, not "× 2" beside "٢٫٥٠ د.ك".
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { PaidOrderSummary } from "./paid-order-summary";

const summary = {
  totalFils: 6700,
  promisedBy: null,
  areaName: "Egaila",
  address: { buildingType: "House", city: "Egaila", street: "Tunis", streetNumber: "", block: "3", buildingNumber: "12", floor: "", apartmentNumber: "" },
  items: [{ id: "line-1", name: "Satin bow", options: "Blue / S", quantity: 2, lineFils: 4500 }],
};

function itemsShown(language: "ar" | "en") {
  const html = renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <PaidOrderSummary summary={summary} language={language} />
    </I18nProvider>,
  );
  const items = /data-testid="paid-items">(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  return items.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("the thank-you page's items", () => {
  it("give each quantity in the page's digits", () => {
    expect(itemsShown("ar")).toBe("Satin bow (Blue / S) × ٢ ٤٫٥٠ د.ك");
    expect(itemsShown("en")).toBe("Satin bow (Blue / S) × 2 4.50 KD");
  });
});
