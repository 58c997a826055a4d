import { describe, expect, it } from "vitest";
import { cartCookieHeader } from "~/cookies/cart.server";
import { languageCookieHeader, languageFromCookie } from "~/i18n/language-cookie.server";
import { flashHeader, readToast } from "~/cookies/toast.server";

// getEnv() has not been read yet in this test process.
process.env.SHOP_DEPLOY_ENV = "production";
process.env.ALLOW_TEST_PAYMENTS = "1";

describe("the cookie policy", () => {
  it("makes every cookie SameSite=Lax and Secure in production, and HttpOnly unless the page's script may read it", async () => {
    expect(flashHeader({ name: "added" })).toBe("shop_flash=added; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure");
    expect(languageCookieHeader("en")).toBe("lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    const cart = await cartCookieHeader([]);
    for (const attribute of ["Path=/", "HttpOnly", "Secure", "SameSite=Lax"]) expect(cart).toContain(`; ${attribute}`);
  });

  it("reads plain values as they were set, and clears the shop message once read", () => {
    const request = new Request("http://shop.test/", { headers: { Cookie: "lang=ar; shop_flash=added" } });
    expect(languageFromCookie(request)).toBe("ar");
    const { toast, headers } = readToast(request, "en");
    expect(toast?.kind).toBe("success");
    expect(headers).toEqual({ "Set-Cookie": "shop_flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure" });
  });
});
