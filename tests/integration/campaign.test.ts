/**
 * Where the shopper came from (issue 46, point 3; CONTRACT.md "Where the shopper came from"): the real server
 * remembers the first campaign link's parameters in a first-party cookie, on a page it keeps (server/page-cache.ts)
 * as on one it renders, never handing one visitor's cookie to another; the order placed with that cookie keeps the
 * campaign, the admin order shows it, and the sales report splits paid sales by it (page, CSV, API).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { formatKD } from "~/shared/money";
import * as adminOrder from "~/routes/api.admin.orders.$id._index";
import * as adminOrderPage from "~/routes/admin.timsar.orders.$orderId";
import * as orders from "~/routes/api.orders";
import * as reportApi from "~/routes/api.admin.sales-report";
import * as reportCsv from "~/routes/admin.timsar.sales-report_.csv";
import * as reportPage from "~/routes/admin.timsar.sales-report";
import { createCategory } from "../factories/category";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId, uniquePhone, uniqueYear } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";
import { useTestServer } from "../support/test-server";

const CAMPAIGN_COOKIE = "shop_campaign";

function seriesValue(text: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith("shop_page_cache_lookups_total{") && candidate.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** The campaign cookie a response sets, as the browser would send it back, or null. */
function campaignCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CAMPAIGN_COOKIE}=`));
  return header ? header.split(";")[0] : null;
}

function campaignIn(cookie: string): unknown {
  return JSON.parse(decodeURIComponent(cookie.slice(CAMPAIGN_COOKIE.length + 1)));
}

describe("the campaign cookie, set in front of the kept pages", () => {
  const shop = useTestServer(7300, 60);
  let path: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    path = `/product/${(await createProduct(prisma, { categoryId: category.id, priceFils: 2250 })).id}`;
  });

  it("remembers the first campaign for 30 days, first-party and HttpOnly, also when the page comes from the cache", async () => {
    const link = `${path}?utm_source=Instagram&utm_medium=paid_social&utm_campaign=${encodeURIComponent("عيد")}`;
    const before = await (await fetch(`${shop.base}/metrics`)).text();
    const answers = [];
    for (let visitor = 0; visitor < 3; visitor++) answers.push(await fetch(shop.base + link));
    const after = await (await fetch(`${shop.base}/metrics`)).text();
    // The first render is kept, the two visitors after it are answered from the cache.
    expect(seriesValue(after, 'result="hit"') - seriesValue(before, 'result="hit"')).toBeGreaterThanOrEqual(2);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const header = answer.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${CAMPAIGN_COOKIE}=`));
      expect(header).toHaveLength(1);
      expect(header[0]).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
      expect(campaignIn(campaignCookieOf(answer) as string)).toEqual(["instagram", "paid_social", "عيد"]);
      // No third-party script: every script of the page is the shop's own.
      for (const [, src] of (await answer.text()).matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) expect(src.startsWith("/")).toBe(true);
    }
  });

  it("never hands the cookie a kept page was first sent with to a later visitor", async () => {
    const link = `${shop.base}${path}?utm_source=snapchat&utm_campaign=kept`;
    for (let visitor = 0; visitor < 2; visitor++) expect(campaignCookieOf(await fetch(link))).not.toBeNull();
    // A shopper who came from an earlier campaign opens the kept page: her first campaign stays, nothing is set.
    const earlier = `${CAMPAIGN_COOKIE}=${encodeURIComponent(JSON.stringify(["facebook", null, null]))}`;
    const returning = await fetch(link, { headers: { Cookie: earlier } });
    expect(returning.status).toBe(200);
    expect(returning.headers.getSetCookie()).toEqual([]);
    const plain = await fetch(shop.base + path);
    expect(plain.headers.getSetCookie()).toEqual([]);
  });

  it("keeps the first campaign: a later campaign link within 30 days does not replace it", async () => {
    const first = campaignCookieOf(await fetch(`${shop.base}${path}?fbclid=IwAR0abcdef`)) as string;
    expect(campaignIn(first)).toEqual(["facebook", null, null]);
    const later = await fetch(`${shop.base}/?utm_source=tiktok&utm_campaign=later`, { headers: { Cookie: first } });
    expect(later.status).toBe(200);
    expect(campaignCookieOf(later)).toBeNull();
    // A forged cookie is no campaign: the next link replaces it.
    const forged = await fetch(`${shop.base}/?utm_source=tiktok`, { headers: { Cookie: `${CAMPAIGN_COOKIE}=${encodeURIComponent('["<b>",null,null]')}` } });
    expect(campaignIn(campaignCookieOf(forged) as string)).toEqual(["tiktok", null, null]);
  });

  it("cuts an oversized value and refuses one with characters no campaign has", async () => {
    const long = await fetch(`${shop.base}/?utm_source=google&utm_campaign=${"x".repeat(3000)}`);
    expect(long.status).toBe(200);
    expect(campaignIn(campaignCookieOf(long) as string)).toEqual(["google", null, "x".repeat(100)]);
    const bad = await fetch(`${shop.base}/?utm_source=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(bad.status).toBe(200);
    expect(campaignCookieOf(bad)).toBeNull();
    const badSourceGoodCampaign = await fetch(`${shop.base}/?utm_source=${encodeURIComponent("a;b=c")}&utm_campaign=eid`);
    expect(campaignIn(campaignCookieOf(badSourceGoodCampaign) as string)).toEqual([null, null, "eid"]);
    // The admin and files are nobody's landing page.
    expect(campaignCookieOf(await fetch(`${shop.base}/admin/timsar?utm_source=x`, { redirect: "manual" }))).toBeNull();
  });
});

describe("the campaign of an order", () => {
  async function placeWith(cookie: string | null) {
    const product = await createProduct(prisma, { priceFils: 3000, stockQuantity: 5 });
    const email = uniqueEmail("campaign");
    const json = {
      fullName: "Sara", email, phone: uniquePhone(), buildingType: "Villa",
      address: { city: await createDeliveryArea(prisma), street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" },
      items: [{ _id: product.id, quantity: 1, customTags: [] }],
    };
    const response = await runChecked(orders.action, request("/api/orders", { method: "POST", json, ...(cookie ? { cookie } : {}) }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
    expect(response.status).toBe(201);
    return ((await response.json()) as { orderId: string }).orderId;
  }

  it("is kept from the cookie by POST /api/orders and read in the admin order, null without one", async () => {
    const { cookie: admin } = await adminCookie();
    const cookie = `${CAMPAIGN_COOKIE}=${encodeURIComponent(JSON.stringify(["instagram", "paid_social", "عيد"]))}`;
    const withCampaign = await placeWith(cookie);
    const read = async (id: string) => ((await (await runChecked(adminOrder.loader, request(`/api/admin/orders/${id}`, { cookie: admin }), { id })).json()) as { order: { source: unknown } }).order.source;
    expect(await read(withCampaign)).toEqual({ utmSource: "instagram", utmMedium: "paid_social", utmCampaign: "عيد" });
    expect(await read(await placeWith(null))).toBeNull();
    // A forged cookie stores nothing.
    expect(await read(await placeWith(`${CAMPAIGN_COOKIE}=${encodeURIComponent('["<img>","x","y"]')}`))).toBeNull();

    const page = (await adminOrderPage.loader({ request: request(`/admin/timsar/orders/${withCampaign}`, { cookie: admin }), params: { orderId: withCampaign }, context: { cspNonce: "" } })) as { order: { source: unknown } };
    expect(page.order.source).toEqual({ utmSource: "instagram", utmMedium: "paid_social", utmCampaign: "عيد" });
  });

  it("splits the sales report's paid sales by source: the page, the CSV and the API", async () => {
    const { cookie: admin } = await adminCookie();
    const year = await uniqueYear(prisma);
    const day = `${year}-03-15`;
    const ids = [
      await placeWith(`${CAMPAIGN_COOKIE}=${encodeURIComponent(JSON.stringify(["facebook", null, null]))}`),
      await placeWith(`${CAMPAIGN_COOKIE}=${encodeURIComponent(JSON.stringify(["facebook", "cpc", "eid"]))}`),
      await placeWith(null),
    ];
    const unpaid = await placeWith(`${CAMPAIGN_COOKIE}=${encodeURIComponent(JSON.stringify(["tiktok", null, null]))}`);
    await prisma.order.updateMany({ where: { id: { in: ids } }, data: { paymentStatus: "paid", createdAt: new Date(`${day}T09:00:00Z`) } });
    await prisma.order.update({ where: { id: unpaid }, data: { createdAt: new Date(`${day}T09:00:00Z`) } });
    const totals = await prisma.order.findMany({ where: { id: { in: ids } }, select: { totalFils: true } });
    const each = totals[0].totalFils / 1000;
    const range = `dateFrom=${day}&dateTo=${day}`;

    const api = (await (await runChecked(reportApi.loader, request(`/api/admin/sales-report?${range}`, { cookie: admin }), {})).json()) as { bySource: unknown };
    expect(api.bySource).toEqual([
      { source: "facebook", orders: 2, amount: 2 * each },
      { source: "(direct)", orders: 1, amount: each },
    ]);
    const csv = await (await reportCsv.loader({ request: request(`/admin/timsar/sales-report/csv?${range}`, { cookie: admin }), params: {}, context: { cspNonce: "" } })).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines.slice(-3)).toEqual(["bySource,source,orders,amountKD", `bySource,facebook,2,${(2 * each).toFixed(3)}`, `bySource,(direct),1,${each.toFixed(3)}`]);
    const page = (await reportPage.loader({ request: request(`/admin/timsar/sales-report?${range}`, { cookie: `${admin}; lang=en` }), params: {}, context: { cspNonce: "" } })) as { report: { bySource: unknown } };
    expect(page.report.bySource).toEqual([
      { source: "facebook", orders: "2", amount: formatKD(2 * totals[0].totalFils, "en") },
      { source: "Direct / unknown", orders: "1", amount: formatKD(totals[0].totalFils, "en") },
    ]);
  });
});
