import { describe, expect, it } from "vitest";
import { flashHeader, readToast, redirectWithToast } from "./toast.server";

function requestWith(setCookie: string, path = "/"): Request {
  return new Request(`http://shop.test${path}`, { headers: { Cookie: setCookie.split(";")[0] } });
}

describe("the one flash cookie", () => {
  it("answers 303 with the flash, which the next page reads once with its timed next step", () => {
    const response = redirectWithToast("/admin/timsar/products/new", { name: "productCreated", next: "/admin/timsar/products" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/timsar/products/new");
    const { toast, headers } = readToast(requestWith(response.headers.get("Set-Cookie") ?? ""), "en");
    expect(toast).toMatchObject({ message: "Product created successfully.", kind: "success", durationMs: 2000, next: { to: "/admin/timsar/products", afterMs: 1200 } });
    // The list it moves on to says it again (issue 43), once, and no other page does.
    const again = headers["Set-Cookie"];
    const onList = readToast(requestWith(again, "/admin/timsar/products"), "ar");
    expect(onList.toast).toMatchObject({ message: "تم إنشاء المنتج بنجاح.", next: null });
    expect(onList.headers["Set-Cookie"]).toMatch(/^shop_flash=; .*Max-Age=0/);
    const elsewhere = readToast(requestWith(again, "/admin/timsar/orders"), "en");
    expect(elsewhere.toast).toBeNull();
    expect(elsewhere.headers["Set-Cookie"]).toMatch(/^shop_flash=; .*Max-Age=0/);
  });

  it("keeps SPEC's cart timings by where the toast is shown", () => {
    expect(readToast(requestWith(flashHeader({ name: "added", place: "grid" })), "en").toast?.durationMs).toBe(2000);
    expect(readToast(requestWith(flashHeader({ name: "added", place: "product" })), "en").toast?.durationMs).toBe(3000);
    expect(readToast(requestWith("shop_flash=added"), "en").toast?.durationMs).toBe(3000);
  });

  it("shows no text of the request's own and goes nowhere off the shop, but still removes the cookie", () => {
    for (const value of ["Hacked%20text", "<script>", "added%3Fnext%3D%2F%2Fevil.example"]) {
      const { toast, headers } = readToast(requestWith(`shop_flash=${value}`), "en");
      expect(toast?.next ?? null).toBeNull();
      if (!value.startsWith("added")) expect(toast).toBeNull();
      expect(headers["Set-Cookie"]).toContain("Max-Age=0");
    }
  });

  it("words a refund's amount and a return's status from checked values only", () => {
    const refund = flashHeader({ name: "refundRecorded", fils: 2050 });
    expect(readToast(requestWith(refund), "en").toast).toMatchObject({ message: "Refund of 2.05 KD recorded.", kind: "success", durationMs: 3500 });
    expect(readToast(requestWith(flashHeader({ name: "returnDecided", returnStatus: "approved" })), "en").toast?.message).toBe("Saved: Approved.");
    for (const value of ["refundRecorded%3Ffils%3D1%3Cb%3E", "returnDecided%3FreturnStatus%3DHacked"]) {
      expect(readToast(requestWith(`shop_flash=${value}`), "en").toast?.message).not.toMatch(/Hacked|<b>/);
    }
  });

  it("carries a return request's number to its page only when it is one", () => {
    const sent = readToast(requestWith(flashHeader({ name: "returnRequested", returnNumber: "RET-123456789012" })), "ar").toast;
    expect(sent).toMatchObject({ message: "تم إرسال طلب الإرجاع", returnNumber: "RET-123456789012" });
    for (const forged of ["returnRequested%3FreturnNumber%3Dcall%2055555555", "returnRequested%3FreturnNumber%3DRET-1"]) {
      expect(readToast(requestWith(`shop_flash=${forged}`), "en").toast).not.toHaveProperty("returnNumber");
    }
  });

  it("gives the same message a new id each time, so it shows again", () => {
    const cookie = flashHeader({ name: "couponUpdated" });
    expect(readToast(requestWith(cookie), "ar").toast?.id).not.toBe(readToast(requestWith(cookie), "ar").toast?.id);
  });
});
