import { describe, expect, it } from "vitest";
import { createTranslate } from "./translation";
import { resources } from "./resources";

describe("createTranslate", () => {
  const en = createTranslate("en", resources.en.translation);
  const ar = createTranslate("ar", resources.ar.translation);

  it("finds nested keys in each language", () => {
    expect(en("header.trackOrder")).toBe("Track Order");
    expect(ar("header.trackOrder")).toBe("تتبع الطلب");
  });

  it("picks plural forms and interpolates", () => {
    expect(en("header.cartCount", { count: 1 })).toBe("Cart, 1 item");
    expect(en("header.cartCount", { count: 3 })).toBe("Cart, 3 items");
    // A number put into an Arabic text takes Arabic-Indic digits (decision 0079).
    expect(ar("header.cartCount", { count: 1 })).toBe("السلة، ١ منتج");
    // Arabic has more plural forms than the file spells out; the _other form covers them.
    expect(ar("header.cartCount", { count: 3 })).toBe("السلة، ٣ منتجات");
  });

  it("keeps a value given as text as it is: an order number stays Latin in Arabic", () => {
    expect(ar("account.orders.orderNumber", { number: "ORD-123456789012" })).toBe("الطلب ORD-123456789012");
  });

  it("falls back to the default value, then the key", () => {
    expect(en("no.such.key" as never, { defaultValue: "Fallback" })).toBe("Fallback");
    expect(en("no.such.key" as never)).toBe("no.such.key");
  });
});
