import { describe, expect, it } from "vitest";
import { phoneLinks } from "./phone-links";

describe("phoneLinks", () => {
  it("calls and opens WhatsApp on the Kuwaiti number, however it was kept", () => {
    expect(phoneLinks("51234567")).toEqual({ call: "tel:+96551234567", whatsapp: "https://wa.me/96551234567" });
    expect(phoneLinks("+965 5123 4567")).toEqual({ call: "tel:+96551234567", whatsapp: "https://wa.me/96551234567" });
  });
});
