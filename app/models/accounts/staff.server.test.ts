import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { ensureAdmin, verifyAdminLogin } from "./admin.server";
import { createAdmin } from "../../../tests/factories/admin";
import { createOrder } from "../../../tests/factories/order";
import { createSession } from "../../../tests/factories/session";
import { uniqueEmail } from "../../../tests/factories/unique";
import { deleteOldAuditEntries, listAuditEntries } from "~/models/shop/index.server";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import { createCoupon } from "~/models/orders/index.server";
import { CouponSchema } from "~/shared/coupon-schema";
import { RouteClient } from "../../../tests/setup/route-client";
import { action as pageLogin } from "~/routes/admin.timsar._index";
import { action as pageLogout } from "~/routes/admin.timsar.logout";
import { action as apiLogin } from "~/routes/api.admin.timsar";
import { action as staffPage } from "~/routes/admin.timsar.staff";
import { action as staffApi } from "~/routes/api.admin.staff.$id";
import { loader as auditApi } from "~/routes/api.admin.audit";
import { loader as auditPage } from "~/routes/admin.timsar.audit";
import { acceptInvitation, findInvitation, inviteStaff, sendStaffPasswordLink, StaffError, updateStaff } from "./staff.server";
import { listStaff, staffJson } from "~/api/answers/accounts.server";

const HOUR = 60 * 60 * 1000;

async function anOwner() {
  const owner = await createAdmin(prisma, { email: uniqueEmail("owner") });
  return { id: owner.id, email: owner.email, role: "owner", requestId: "req-33" };
}

/** The link in the invitation mail the outbox holds for `email`. */
async function mailedToken(email: string): Promise<string> {
  const row = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email, kind: "mail" }, orderBy: { createdAt: "desc" } });
  const { text } = JSON.parse(row.params) as { text: string };
  return /set-password\?token=([\w-]+)/.exec(text)![1];
}

async function reason(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffError ? error.reason : error),
  );
}

describe("staff invitations", () => {
  it("mails a one-time link that sets the password within 72 hours, keeping only its hash", async () => {
    const owner = await anOwner();
    const email = uniqueEmail("packer");
    const member = staffJson(await inviteStaff({ email, role: "orders", language: "en" }, owner));
    expect(member).toMatchObject({ email, role: "orders", pending: true, disabled: false });
    const token = await mailedToken(email);
    // Both addresses are links, whole and absolute on APP_URL; the role in the staff page's words.
    const { html, text } = JSON.parse((await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email, kind: "mail" } })).params) as { html: string; text: string };
    const { appUrl } = getEnv();
    expect(html).toContain(`<a href="${appUrl}/admin/timsar/set-password?token=${token}" dir="ltr"`);
    expect(html).toContain(`<a href="${appUrl}/admin/timsar" dir="ltr"`);
    expect(text).toContain("with the role “Orders”");
    expect(await prisma.adminInvitation.count({ where: { tokenHash: token } })).toBe(0);
    expect(await verifyAdminLogin(email, "", "192.0.2.1")).toMatchObject({ ok: false });
    expect(await findInvitation(token, new Date(Date.now() + 73 * HOUR))).toBeNull();

    expect(await acceptInvitation(token, "packer-password")).toBe(email);
    expect(await acceptInvitation(token, "another-password")).toBeNull();
    expect(await verifyAdminLogin(email, "packer-password", "192.0.2.2")).toMatchObject({ ok: true });
    expect((await listStaff()).find((row) => row.email === email)).toMatchObject({ pending: false, role: "orders" });
    const { entries } = await listAuditEntries({ entityType: "staff", entityId: member._id });
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.requestId])).toEqual([
      ["setPassword", email, null],
      // the sign-in tried before the password was set is a known staff e-mail's failure (issue 42)
      ["signInFailed", email, null],
      ["invite", owner.email, "req-33"],
    ]);
  });

  it("refuses an e-mail that already belongs to a member", async () => {
    const owner = await anOwner();
    expect(await reason(inviteStaff({ email: owner.email, role: "orders", language: "ar" }, owner))).toBe("exists");
  });

  it("lets owners inviting the same person at once all succeed, with one member and one live link", async () => {
    const owner = await anOwner();
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail("together");
      const invited = await Promise.allSettled(Array.from({ length: 3 }, () => inviteStaff({ email, role: "orders", language: "en" }, owner)));
      expect(invited.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const members = await prisma.admin.findMany({ where: { email } });
      expect(members).toHaveLength(1);
      expect(await prisma.adminInvitation.count({ where: { adminId: members[0].id, usedAt: null } })).toBe(1);
    }
  });
});

describe("changing a member", () => {
  it("ends the member's sessions at once when the role changes or the member is disabled", async () => {
    const owner = await anOwner();
    const member = await createAdmin(prisma, { role: "orders" });
    await createSession(prisma, { adminId: member.id });
    await updateStaff(member.id, { role: "catalogue" }, owner);
    expect(await prisma.session.count({ where: { adminId: member.id } })).toBe(0);
    await createSession(prisma, { adminId: member.id });
    expect(staffJson(await updateStaff(member.id, { disabled: true }, owner))).toMatchObject({ disabled: true, role: "catalogue" });
    expect(await prisma.session.count({ where: { adminId: member.id } })).toBe(0);
  });

  it("keeps the ADMIN_EMAIL account an owner and never leaves the shop without an owner", async () => {
    const owner = await anOwner();
    expect(await reason(updateStaff(owner.id, { role: "orders" }, owner))).toBe("adminEmail");
    const invitedOwner = await createAdmin(prisma, { role: "orders", password: "owner-two-password" });
    await updateStaff(invitedOwner.id, { role: "owner" }, owner);
    // Every other owner disabled: the invited owner is the last one and cannot step down.
    const others = await prisma.admin.findMany({ where: { role: "owner", id: { not: invitedOwner.id }, disabledAt: null }, select: { id: true } });
    await prisma.admin.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { disabledAt: new Date() } });
    try {
      expect(await reason(updateStaff(invitedOwner.id, { role: "orders" }, owner))).toBe("lastOwner");
      expect(await reason(updateStaff(invitedOwner.id, { disabled: true }, owner))).toBe("lastOwner");
      expect((await prisma.admin.findUniqueOrThrow({ where: { id: invitedOwner.id } })).role).toBe("owner");
    } finally {
      await prisma.admin.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { disabledAt: null } });
    }
  });
});

describe("ADMIN_EMAIL at start", () => {
  it("disables only earlier ADMIN_EMAIL accounts, never invited members, and makes its account an owner", async () => {
    const invited = await createAdmin(prisma, { role: "catalogue", password: "catalogue-password" });
    const email = uniqueEmail("env-owner");
    await ensureAdmin({ adminEmail: email, adminPassword: "env-owner-password" });
    expect((await prisma.admin.findUniqueOrThrow({ where: { id: invited.id } })).disabledAt).toBeNull();
    expect(await prisma.admin.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: "owner", invitedAt: null });
  });
});

describe("the audit log", () => {
  it("records order status and coupon changes in their own transaction, newest first, and keeps them two years", async () => {
    const owner = await anOwner();
    const order = await createOrder(prisma, { paymentStatus: "paid", status: "pending" });
    await setOrderStatus({ idOrNumber: order.id, status: "processing", admin: owner });
    const saved = await createCoupon(CouponSchema.parse({ code: `AUD-${Date.now() % 100000}`, kind: "percent", value: "10" }), owner);
    expect(saved.ok).toBe(true);
    const { entries } = await listAuditEntries({ actor: owner.email });
    expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
      ["coupon", "create"],
      ["order", "status"],
    ]);
    expect(entries[1]).toMatchObject({ entityId: order.id, summary: `${order.orderNumber}: pending → processing`, actorRole: "owner" });

    await prisma.auditEntry.updateMany({ where: { actorEmail: owner.email, entityType: "order" }, data: { at: new Date(Date.now() - 731 * 24 * HOUR) } });
    expect(await deleteOldAuditEntries()).toBeGreaterThanOrEqual(1);
    expect((await listAuditEntries({ actor: owner.email })).entries.map((entry) => entry.entityType)).toEqual(["coupon"]);
  });
});

describe("a new set-password link for a member who forgot their password (p5-4)", () => {
  it("mails a one-time link; the old password works until the new one is set, and both are in the log", async () => {
    const owner = await anOwner();
    const member = await createAdmin(prisma, { email: uniqueEmail("forgetful"), password: "old-packer-password", role: "orders" });
    await createSession(prisma, { adminId: member.id });
    expect(await sendStaffPasswordLink(member.id, "en", owner)).toMatchObject({ email: member.email, hasPassword: true });
    const first = await mailedToken(member.email);
    // A second press: a new link, the first one void.
    await sendStaffPasswordLink(member.id, "ar", owner);
    const token = await mailedToken(member.email);
    expect(token).not.toBe(first);
    expect(await findInvitation(first)).toBeNull();
    const mails = await prisma.outboxMessage.findMany({ where: { recipient: member.email, kind: "mail" }, orderBy: { createdAt: "asc" } });
    expect(mails.map((mail) => mail.language)).toEqual(["en", "ar"]);
    const [english, arabic] = mails.map((mail) => JSON.parse(mail.params) as { subject: string; text: string });
    expect(english.text).toContain("Until you set a new one, your current password keeps working.");
    expect(english.text).toContain(`${getEnv().appUrl}/admin/timsar/set-password?token=${first}`);
    expect(arabic.subject).toContain("كلمة مرور جديدة لمتجر");
    expect(arabic.text).toContain("تبقى كلمة مرورك الحالية صالحة إلى أن تعيّن كلمة جديدة.");

    // The old password still signs in; the link sets a new one once, which replaces it and ends the sessions.
    expect(await verifyAdminLogin(member.email, "old-packer-password", "192.0.2.10")).toMatchObject({ ok: true });
    expect(await acceptInvitation(token, "new-packer-password")).toBe(member.email);
    expect(await prisma.session.count({ where: { adminId: member.id } })).toBe(0);
    expect(await acceptInvitation(token, "third-packer-password")).toBeNull();
    expect(await verifyAdminLogin(member.email, "old-packer-password", "192.0.2.11")).toMatchObject({ ok: false });
    expect(await verifyAdminLogin(member.email, "new-packer-password", "192.0.2.12")).toMatchObject({ ok: true });
    const { entries } = await listAuditEntries({ entityType: "staff", entityId: member.id });
    expect(entries.filter((entry) => ["passwordLink", "setPassword"].includes(entry.action)).map((entry) => [entry.action, entry.actorEmail, entry.summary])).toEqual([
      ["setPassword", member.email, `${member.email} set a password from the invitation`],
      ["passwordLink", owner.email, `new set-password link sent to ${member.email}`],
      ["passwordLink", owner.email, `new set-password link sent to ${member.email}`],
    ]);
  });

  it("refuses the main owner, a disabled member and a pending one, mailing nothing", async () => {
    const owner = await anOwner();
    const main = await createAdmin(prisma, { email: uniqueEmail("main-owner") });
    const disabled = await createAdmin(prisma, { email: uniqueEmail("gone-packer"), password: "gone-packer-password", role: "orders" });
    await prisma.admin.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    const pending = await inviteStaff({ email: uniqueEmail("pending-packer"), role: "orders", language: "en" }, owner);
    const mailsBefore = await prisma.outboxMessage.count({ where: { recipient: { in: [main.email, disabled.email, pending.email] } } });
    expect(await reason(sendStaffPasswordLink(main.id, "en", owner))).toBe("ownPassword");
    expect(await reason(sendStaffPasswordLink(disabled.id, "en", owner))).toBe("notActive");
    expect(await reason(sendStaffPasswordLink(pending.id, "en", owner))).toBe("notActive");
    expect(await reason(sendStaffPasswordLink("no-such-member", "en", owner))).toBe("notFound");
    expect(await prisma.outboxMessage.count({ where: { recipient: { in: [main.email, disabled.email, pending.email] } } })).toBe(mailsBefore);
    expect(await prisma.auditEntry.count({ where: { action: "passwordLink", entityId: { in: [main.id, disabled.id, pending.id] } } })).toBe(0);
  });

  it("is a form on the owner's staff page: 303 with its toast, and a refusal in the page's language", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("page-owner"), password: "page-owner-password" });
    const member = await createAdmin(prisma, { email: uniqueEmail("page-packer"), password: "page-packer-password", role: "catalogue" });
    const main = await createAdmin(prisma, { email: uniqueEmail("page-main") });
    const browser = new RouteClient("198.51.100.70", "ar");
    expect((await browser.form(pageLogin, "/admin/timsar", { email: owner.email, password: "page-owner-password" })).status).toBe(303);

    const sent = await browser.form(staffPage, "/admin/timsar/staff", { intent: "passwordLink", id: member.id });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/admin/timsar/staff");
    expect(await prisma.outboxMessage.count({ where: { recipient: member.email, kind: "mail", language: "ar" } })).toBe(1);
    const refused = await browser.form(staffPage, "/admin/timsar/staff", { intent: "passwordLink", id: main.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, message: "يعيّن حساب المالك الرئيسي للمتجر كلمة مروره من إعدادات الخادم، لا بالبريد الإلكتروني.", typed: null });
    expect(await prisma.outboxMessage.count({ where: { recipient: main.email } })).toBe(0);
  }, 30_000);
});

describe("issue 42: staff edges", () => {
  it("refuses to enable the former ADMIN_EMAIL account again, in the page's language, and it stays disabled", async () => {
    const former = await createAdmin(prisma, { email: uniqueEmail("former-admin") });
    await prisma.admin.update({ where: { id: former.id }, data: { disabledAt: new Date() } });
    const owner = await createAdmin(prisma, { email: uniqueEmail("invited-owner"), password: "invited-owner-password" });
    await prisma.admin.update({ where: { id: owner.id }, data: { invitedAt: new Date() } });
    const browser = new RouteClient("198.51.100.50", "ar");
    expect((await browser.form(pageLogin, "/admin/timsar", { email: owner.email, password: "invited-owner-password" })).status).toBe(303);

    const page = await browser.form(staffPage, "/admin/timsar/staff", { intent: "enable", id: former.id });
    expect(page.status).toBe(409);
    expect(await page.json()).toEqual({ ok: false, message: "هذا حساب المدير السابق، عُطّل حين تغيّر بريد المدير في إعدادات الخادم: لا يمكن تفعيله من جديد من هنا.", typed: null });
    const api = await browser.call(staffApi, `/api/admin/staff/${former.id}`, { method: "PUT", body: JSON.stringify({ disabled: false }), headers: { "Content-Type": "application/json" } }, { id: former.id });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { message: string }).message).toContain("former administrator account");
    expect((await prisma.admin.findUniqueOrThrow({ where: { id: former.id } })).disabledAt).not.toBeNull();
  }, 30_000);

  it("refuses to disable or demote the main owner in the owner's words, naming no setting, in the page's language", async () => {
    const main = await createAdmin(prisma, { email: uniqueEmail("main-owner") });
    const owner = await createAdmin(prisma, { email: uniqueEmail("second-owner"), password: "second-owner-password" });
    await prisma.admin.update({ where: { id: owner.id }, data: { invitedAt: new Date() } });
    const browser = new RouteClient("198.51.100.51", "ar");
    expect((await browser.form(pageLogin, "/admin/timsar", { email: owner.email, password: "second-owner-password" })).status).toBe(303);

    const disable = await browser.form(staffPage, "/admin/timsar/staff", { intent: "disable", id: main.id });
    expect(disable.status).toBe(409);
    expect(await disable.json()).toEqual({ ok: false, message: "لا يمكن تعطيل حساب المالك الرئيسي للمتجر أو نزع دور المالك عنه.", typed: null });
    const demote = await browser.form(staffPage, "/admin/timsar/staff", { intent: "role", id: main.id, role: "orders" });
    expect(demote.status).toBe(409);
    const api = await browser.call(staffApi, `/api/admin/staff/${main.id}`, { method: "PUT", body: JSON.stringify({ role: "orders" }), headers: { "Content-Type": "application/json" } }, { id: main.id });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { message: string }).message).toBe("The shop's main owner account cannot be disabled or lose the owner role. / لا يمكن تعطيل حساب المالك الرئيسي للمتجر أو نزع دور المالك عنه.");
    // A bad value names the fields this request takes, not the invitation's e-mail (probe 9).
    const bad = await browser.call(staffApi, `/api/admin/staff/${main.id}`, { method: "PUT", body: JSON.stringify({ role: "manager" }), headers: { "Content-Type": "application/json" } }, { id: main.id });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "Give role (owner, orders or catalogue), disabled (true or false) or resetTwoStep (true or false). / أرسل role (owner أو orders أو catalogue) أو disabled (true أو false) أو resetTwoStep (true أو false).",
    );
    expect(await prisma.admin.findUniqueOrThrow({ where: { id: main.id } })).toMatchObject({ role: "owner", disabledAt: null });
  }, 30_000);

  it("logs sign-ins, sign-outs, wrong passwords and wrong codes with the client address, and words the log in Arabic", async () => {
    const member = await createAdmin(prisma, { email: uniqueEmail("logged-packer"), password: "logged-packer-password", role: "orders" });
    const login = { email: member.email, password: "logged-packer-password" };
    const browser = new RouteClient("203.0.113.60", "ar");
    expect((await browser.form(pageLogin, "/admin/timsar", { ...login, password: "wrong-password" })).status).toBe(401);
    const before = await prisma.auditEntry.count();
    expect((await browser.form(pageLogin, "/admin/timsar", { email: uniqueEmail("stranger"), password: "whatever-1" })).status).toBe(401);
    // an address that belongs to nobody leaves no entry (decision 0071)
    expect(await prisma.auditEntry.count()).toBe(before);
    expect((await browser.form(pageLogin, "/admin/timsar", login)).status).toBe(303);
    expect((await browser.form(pageLogout, "/admin/timsar/logout", {})).status).toBe(303);
    const api = new RouteClient("203.0.113.61");
    expect((await api.json(apiLogin, "/api/admin/timsar", login)).status).toBe(200);

    const entries = await prisma.auditEntry.findMany({ where: { entityId: member.id }, orderBy: [{ at: "asc" }, { id: "asc" }] });
    expect(entries.map((entry) => [entry.action, entry.address, entry.actorEmail])).toEqual([
      ["signInFailed", "203.0.113.60", member.email],
      ["signIn", "203.0.113.60", member.email],
      ["signOut", "203.0.113.60", member.email],
      ["signIn", "203.0.113.61", member.email],
    ]);

    const owner = await createAdmin(prisma, { email: uniqueEmail("log-reader"), password: "log-reader-password" });
    const reader = new RouteClient("203.0.113.62", "ar");
    expect((await reader.form(pageLogin, "/admin/timsar", { email: owner.email, password: "log-reader-password" })).status).toBe(303);
    const json = await reader.json(auditApi, `/api/admin/audit?entityId=${member.id}`);
    expect((json.body.entries as { action: string; address: string | null }[])[0]).toMatchObject({ action: "signIn", address: "203.0.113.61" });

    // The Arabic page: every action and summary in Arabic, no action key in Latin letters.
    await invitePacker(owner);
    const page = await reader.call(auditPage, "/admin/timsar/audit");
    const shown = ((await page.json()) as { entries: { action: string; actionText: string; summary: string; actor: string; entityType: string }[] }).entries;
    expect(shown.length).toBeGreaterThan(4);
    for (const entry of shown) {
      expect(entry.actionText, entry.action).not.toMatch(/[A-Za-z]/);
      expect(entry.actionText).toMatch(/[\u0600-\u06FF]/);
    }
    const invite = shown.find((entry) => entry.action === "invite")!;
    expect(invite.summary).toMatch(/^دُعي \S+ بدور الطلبات$/);
    const signIn = shown.find((entry) => entry.action === "signIn" && entry.actor === member.email)!;
    expect(signIn.summary).toBe(`سجّل ${member.email} الدخول`);
  }, 60_000);
});

async function invitePacker(owner: { id: string; email: string }) {
  await inviteStaff({ email: uniqueEmail("arabic-log"), role: "orders", language: "ar" }, { ...owner, role: "owner" });
}
