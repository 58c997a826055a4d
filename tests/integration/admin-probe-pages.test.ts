/**
 * Admin pages as the browser gets them from the production build, where an outside probe (probe 3, sections 7, 10
 * and 12) found a refusal without its words: a form post to a page without a form, a slip page titled "Admin" on an
 * Arabic page, the sign-in page's 429 with a 60-second wait, a picture's error and a missing delivery area unsaid.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct } from "../factories/product";
import { uniqueEmail } from "../factories/unique";
import { adminCookie } from "../support/admin-requests";
import { useTestServer } from "../support/test-server";

const titles = (page: string) => [...page.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);

describe("admin pages' refusals, as served", () => {
  const shop = useTestServer(9200, 60, { TRUST_PROXY: "1" });

  async function post(path: string, body: URLSearchParams | FormData, cookie: string, headers: Record<string, string> = {}) {
    return fetch(`${shop.base}${path}`, { method: "POST", redirect: "manual", headers: { Origin: shop.base, Cookie: cookie, ...headers }, body });
  }

  it("a form post to a page without a form says so in the page's language", async () => {
    const { cookie } = await adminCookie();
    for (const path of ["/admin/timsar/sales-report", "/admin/timsar/registered-users"]) {
      const answer = await post(path, new URLSearchParams({ x: "1" }), `${cookie}; lang=ar`);
      const page = await answer.text();
      expect(answer.status).toBe(405);
      expect(page).toContain('data-testid="admin-no-posts"');
      expect(titles(page)[0]).toBe("هذه الصفحة لا تستقبل إرسال النماذج");
    }
  });

  it("packing slips for no known order are titled in the page's language", async () => {
    const { cookie } = await adminCookie("orders");
    const answer = await fetch(`${shop.base}/admin/timsar/packing-slips?order=nope`, { headers: { Cookie: `${cookie}; lang=ar` } });
    expect(answer.status).toBe(404);
    expect(titles(await answer.text())[0]).toBe("لا توجد طلبات بهذه الأرقام.");
  });

  it("the sign-in page's 429 carries the real wait", async () => {
    const email = uniqueEmail("probe-guess");
    const from = { "X-Forwarded-For": "203.0.113.201" };
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      answer = await post("/admin/timsar?index", new URLSearchParams({ email, password: `wrong-${attempt}` }), "lang=en", from);
      await answer.text();
    }
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(800);
  });

  it("a picture that was not uploaded here is said under the pictures", async () => {
    const { cookie } = await adminCookie("catalogue");
    const product = await createProduct(prisma, { stockQuantity: 7 });
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", nameEn: "X", nameAr: "س", price: "2.5", stockQuantity: "7", lowStockThreshold: "1", categoryId: product.categoryId, "images[0]": "https://evil.test/x.png" })) form.append(name, value);
    const answer = await post(`/admin/timsar/products/edit/${product.id}`, form, `${cookie}; lang=en`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/<ul id="[^"]*" class="field__errors"><li>This image was not uploaded here.<\/li><\/ul>/);
  });

  it("a delivery area that is not there is said on the page", async () => {
    const { cookie } = await adminCookie();
    const answer = await post("/admin/timsar/delivery-areas", new URLSearchParams({ intent: "delete", areaId: "nope" }), `${cookie}; lang=ar`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('<p class="form-message" role="alert">منطقة التوصيل غير موجودة.</p>');
  });
});
