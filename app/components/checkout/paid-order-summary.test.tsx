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
  promisedBy: null as string | null,
  slot: null as { from: string; to: string } | null,
  areaName: "Egaila",
  address: { buildingType: "House", city: "Egaila", street: "Tunis", streetNumber: "", block: "3", buildingNumber: "12", floor: "", apartmentNumber: "" },
  items: [{ id: "line-1", name: "Satin bow", options: "Blue / S", quantity: 2, lineFils: 4500 }],
};

function rendered(language: "ar" | "en", shown = summary) {
  return renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <PaidOrderSummary summary={shown} language={language} />
    </I18nProvider>,
  );
}

function itemsShown(language: "ar" | "en") {
  const html = rendered(language);
  const items = /data-testid="paid-items">(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  return items.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("the thank-you page's items", () => {
  it("give each quantity in the page's digits", () => {
    expect(itemsShown("ar")).toBe("Satin bow (Blue / S) × ٢ ٤٫٥٠ د.ك");
    expect(itemsShown("en")).toBe("Satin bow (Blue / S) × 2 4.50 KD");
  });
});

describe("the thank-you page's promise", () => {
  it("names the delivery window the shopper chose, in the page's digits (probe 9: only the day was shown back)", () => {
    const withSlot = { ...summary, promisedBy: "2026-12-03", slot: { from: "16:00", to: "20:00" } };
    const promise = (language: "ar" | "en") => (/data-testid="paid-promised-by">(.*?)<\/p>/s.exec(rendered(language, withSlot))?.[1] ?? "").replace(/<!-- -->/g, "");
    expect(promise("en")).toContain("We promise delivery on Thursday, 3 December 2026, between 16:00 and 20:00.");
    expect(promise("ar")).toContain("بين ١٦:٠٠ و٢٠:٠٠");
    expect(promise("ar")).not.toMatch(/[0-9]/);
  });
});
