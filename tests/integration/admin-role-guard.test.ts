import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { ADMIN_ROLES, roleMay, type AdminPermission, type AdminRole } from "~/shared/admin-roles";
import { adminCookie, request } from "../support/admin-requests";
import { useTestServer } from "../support/test-server";

/**
 * Every admin page, action and API call against every role (CONTRACT.md "Staff and roles"): a role the table
 * allows gets past the guard; any other gets 403 (JSON `{ message }` for the API, the 403 page for a page) and the
 * database is as it was. The routes come from the file names, so a new admin route fails here until it is listed.
 */

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** What each route asks: a permission, `member` (any signed-in member) or `open` (the login, the session poll…). */
type Need = AdminPermission | "member" | "open";
type Row = { loader?: Need; action?: Need };

const TABLE: Record<string, Row> = {
  "admin.timsar.tsx": { loader: "open" },
  "admin.timsar._index.tsx": { loader: "open", action: "open" },
  "admin.timsar.logout.ts": { loader: "open", action: "open" },
  "admin.timsar.set-password.tsx": { loader: "open", action: "open" },
  "admin.timsar.dashboard.tsx": { loader: "member" },
  "admin.timsar.two-step.tsx": { loader: "member", action: "member" },
  "admin.timsar.orders._index.tsx": { loader: "orders:read", action: "orders:write" },
  "admin.timsar.orders.$orderId.tsx": { loader: "orders:read", action: "orders:write" },
  "admin.timsar.returns._index.tsx": { loader: "returns:read" },
  "admin.timsar.returns.$id.tsx": { loader: "returns:read", action: "returns:decide" },
  "admin.timsar.grouped-orders.tsx": { loader: "customers" },
  "admin.timsar.packing-slips.tsx": { loader: "orders:read" },
  "admin.timsar.products._index.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.products.new.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.products.edit.$id.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.products.import.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.categories._index.tsx": { loader: "open" },
  "admin.timsar.categories.new.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.categories.edit.$id.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.categories.view.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "admin.timsar.coupons._index.tsx": { loader: "coupons", action: "coupons" },
  "admin.timsar.coupons.new.tsx": { loader: "coupons", action: "coupons" },
  "admin.timsar.coupons.edit.$id.tsx": { loader: "coupons", action: "coupons" },
  "admin.timsar.settings.tsx": { loader: "settings", action: "settings" },
  "admin.timsar.delivery-areas.tsx": { loader: "settings", action: "settings" },
  "admin.timsar.delivery-slots.tsx": { loader: "settings", action: "settings" },
  "admin.timsar.sales-report.tsx": { loader: "sales" },
  "admin.timsar.sales-report_.csv.ts": { loader: "sales" },
  "admin.timsar.registered-users.tsx": { loader: "customers" },
  "admin.timsar.user-orders.$phone.tsx": { loader: "customers" },
  "admin.timsar.staff.tsx": { loader: "staff", action: "staff" },
  "admin.timsar.audit.tsx": { loader: "audit" },
  "api.admin.timsar.ts": { loader: "open", action: "open" },
  "api.admin.session.ts": { loader: "open" },
  "api.admin.logout.ts": { loader: "open", action: "open" },
  "api.admin.orders._index.ts": { loader: "orders:read" },
  "api.admin.orders.$id._index.ts": { loader: "orders:read" },
  "api.admin.orders.$id.status.ts": { action: "orders:write" },
  "api.admin.orders.$id.delay.ts": { action: "orders:write" },
  "api.admin.orders.$id.refund.ts": { loader: "open", action: "refunds:write" },
  "api.admin.returns._index.ts": { loader: "returns:read" },
  "api.admin.returns.$id._index.ts": { loader: "returns:read" },
  "api.admin.returns.$id.status.ts": { action: "returns:decide" },
  "api.admin.grouped-orders.ts": { loader: "customers" },
  "api.admin.products._index.ts": { loader: "catalogue:write", action: "catalogue:write" },
  "api.admin.products.$id._index.ts": { loader: "catalogue:write", action: "catalogue:write" },
  "api.admin.products.$id.toggle.ts": { loader: "open", action: "catalogue:write" },
  "api.admin.products.export[.]csv.ts": { loader: "catalogue:write" },
  "api.admin.products.import.ts": { action: "catalogue:write" },
  "api.admin.categories._index.ts": { loader: "catalogue:write", action: "catalogue:write" },
  "api.admin.categories.$id._index.ts": { loader: "catalogue:write", action: "catalogue:write" },
  "api.admin.categories.$id.products.ts": { loader: "catalogue:write" },
  "api.admin.categories.$id.toggle.ts": { loader: "open", action: "catalogue:write" },
  "api.admin.coupons._index.ts": { loader: "coupons", action: "coupons" },
  "api.admin.coupons.$id.ts": { loader: "coupons", action: "coupons" },
  "api.admin.settings.ts": { loader: "settings", action: "settings" },
  "api.admin.delivery-areas._index.ts": { loader: "settings", action: "settings" },
  "api.admin.delivery-areas.$id.ts": { action: "settings" },
  "api.admin.delivery-slots.ts": { loader: "settings", action: "settings" },
  "admin.timsar.reviews.tsx": { loader: "catalogue:write", action: "catalogue:write" },
  "api.admin.reviews._index.ts": { loader: "catalogue:write" },
  "api.admin.reviews.$id.ts": { loader: "open", action: "catalogue:write" },
  "api.admin.sales-report.ts": { loader: "sales" },
  "api.admin.users.phones.ts": { loader: "customers" },
  "api.admin.users.orders.by-phone.$phone.ts": { loader: "customers" },
  "api.admin.staff._index.ts": { loader: "staff", action: "staff" },
  "api.admin.staff.$id.ts": { loader: "open", action: "staff" },
  "api.admin.audit.ts": { loader: "audit" },
  "api.upload.ts": { action: "catalogue:write" },
};

/** Calls beyond one per handler: a form whose fields ask more than the route's own permission. */
const EXTRA: { file: string; form: Record<string, string>; need: AdminPermission }[] = [
  { file: "admin.timsar.orders.$orderId.tsx", form: { intent: "refund", orderId: "x" }, need: "refunds:write" },
];

const ROUTES = path.resolve("app/routes");

function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES)
    .filter((name) => /^(admin\.timsar|api\.admin)[.]/.test(name) && !/\.test\.tsx?$/.test(name))
    .concat("api.upload.ts")
    .sort();
}

function urlOf(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((segment) => segment !== "_index" && segment !== "tsx")
    .map((segment) => {
      if (!segment.startsWith("$")) return segment.replace(/_$/, "");
      params[segment.slice(1)] = segment === "$phone" ? "99998888" : "x";
      return params[segment.slice(1)];
    });
  return { url: `/${segments.join("/")}`, params };
}

type Call = { name: string; file: string; kind: "loader" | "action"; need: Exclude<Need, "open">; handler: Handler; api: boolean; form?: Record<string, string> };

const FILES = routeFiles();
const CALLS: Call[] = [];
for (const file of FILES) {
  const row = TABLE[file];
  if (!row) continue;
  const module = (await import(path.join(ROUTES, file))) as { loader?: Handler; action?: Handler };
  const api = file.startsWith("api.");
  for (const kind of ["loader", "action"] as const) {
    const handler = module[kind];
    const need = row[kind];
    if (handler && need && need !== "open") CALLS.push({ name: `${kind} ${file}`, file, kind, need, handler, api });
  }
}
for (const extra of EXTRA) {
  const module = (await import(path.join(ROUTES, extra.file))) as { action: Handler };
  CALLS.push({ name: `action ${extra.file} ${JSON.stringify(extra.form)}`, file: extra.file, kind: "action", need: extra.need, handler: module.action, api: false, form: extra.form });
}

/** What a refused call must leave as it was: every table an admin writes, by row count and last change. */
async function fingerprint(): Promise<string> {
  const parts = await Promise.all([
    prisma.auditEntry.count(),
    prisma.orderStatusChange.count(),
    prisma.refund.count(),
    prisma.returnStatusChange.count(),
    prisma.outboxMessage.count(),
    prisma.admin.count(),
    prisma.product.aggregate({ _count: true, _max: { updatedAt: true } }),
    prisma.category.aggregate({ _count: true, _max: { updatedAt: true } }),
    prisma.coupon.aggregate({ _count: true, _max: { updatedAt: true } }),
    prisma.order.aggregate({ _max: { updatedAt: true } }),
  ]);
  return JSON.stringify(parts);
}

async function call(entry: Call, cookie: string): Promise<{ status: number; location: string | null; body: string }> {
  const { url, params } = urlOf(entry.file);
  const method = entry.kind === "loader" ? "GET" : entry.api ? "POST" : "POST";
  const body = entry.kind === "loader" ? undefined : entry.api ? JSON.stringify({}) : new URLSearchParams(entry.form ?? {});
  const headers = { "Content-Type": entry.api ? "application/json" : "application/x-www-form-urlencoded" };
  const req = request(url, { method, body, headers: method === "GET" ? {} : headers, cookie: `lang=en; ${cookie}` });
  try {
    const result = await entry.handler({ request: req, params, context: { cspNonce: "", clientAddress: "192.0.2.33" } });
    const status = result instanceof Response ? result.status : 200;
    return { status, location: result instanceof Response ? result.headers.get("Location") : null, body: result instanceof Response ? await result.clone().text() : "" };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.clone().text() };
    // Past the guard: a made-up id may well break what comes after, which is not this test's business.
    return { status: 500, location: null, body: String(thrown) };
  }
}

const cookies = new Map<AdminRole, string>();
async function cookieOf(role: AdminRole) {
  if (!cookies.has(role)) cookies.set(role, (await adminCookie(role)).cookie);
  return cookies.get(role)!;
}

const CASES = CALLS.flatMap((entry) => ADMIN_ROLES.map((role) => ({ ...entry, role, allowed: entry.need === "member" || roleMay(role, entry.need) })));

describe("the role table covers every admin route", () => {
  it("lists each admin.timsar.* and api.admin.* route file, and names none that is gone", () => {
    const missing = FILES.filter((file) => !TABLE[file]);
    expect(missing, "add these routes to TABLE with the permission each handler asks").toEqual([]);
    expect(Object.keys(TABLE).filter((file) => !FILES.includes(file)), "these routes are gone: take them out of TABLE").toEqual([]);
  });
});

describe("every admin route for every role", () => {
  it.each(CASES.filter((entry) => entry.allowed))("$name lets $role past the guard", async (entry) => {
    const answer = await call(entry, await cookieOf(entry.role));
    expect(answer.status, answer.body).not.toBe(403);
    expect(answer.status).not.toBe(401);
    expect(answer.location ?? "").not.toBe("/admin/timsar");
  });

  it.each(CASES.filter((entry) => !entry.allowed))("$name answers $role 403 and changes nothing", async (entry) => {
    const cookie = await cookieOf(entry.role);
    const before = await fingerprint();
    const answer = await call(entry, cookie);
    expect(answer.status).toBe(403);
    if (entry.api) expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining("Your role does not allow this") });
    expect(await fingerprint()).toBe(before);
  });
});

/**
 * The same walk through the production server, page by page as the browser asks for them: a role the table refuses
 * gets the shop's own 403 page (issue 43: /admin/timsar/categories answered the orders role an empty 403, because a
 * route without a view hands its thrown answer to the browser as it is), and a role it allows never does.
 */
describe("every admin page for every role, as the browser gets it", () => {
  const shop = useTestServer(8300, 60);
  // The sales CSV is a download, not a page: only the sales report links to it, and that page is refused first.
  const DOWNLOADS = ["admin.timsar.sales-report_.csv.ts"];
  const PAGES = FILES.filter((file) => file.startsWith("admin.timsar.") && !DOWNLOADS.includes(file) && TABLE[file]?.loader && TABLE[file].loader !== "open");
  const VISITS = PAGES.flatMap((file) =>
    ADMIN_ROLES.map((role) => {
      const need = TABLE[file].loader as Exclude<Need, "open">;
      return { file, role, url: urlOf(file).url, allowed: need === "member" || roleMay(role, need) };
    }),
  );

  it.each(VISITS)("$url as $role", async ({ url, role, allowed }) => {
    const answer = await fetch(`${shop.base}${url}`, { redirect: "manual", headers: { Cookie: `lang=ar; ${await cookieOf(role)}` } });
    const page = await answer.text();
    if (allowed) {
      expect(answer.status, page.slice(0, 300)).not.toBe(403);
      return;
    }
    expect(answer.status).toBe(403);
    expect(page).toContain('data-testid="admin-forbidden"');
    expect(page).toContain("غير مسموح");
  });
});
