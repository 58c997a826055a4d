import { spawnSync } from "node:child_process";
import path from "node:path";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { totpAt } from "./totp.server";
import { createAdmin } from "../../../tests/factories/admin";
import { uniqueEmail } from "../../../tests/factories/unique";
import { RouteClient } from "../../../tests/setup/route-client";
import { action as apiLogin } from "~/routes/api.admin.timsar";
import { action as pageLogin } from "~/routes/admin.timsar._index";
import { action as twoStepAction, loader as twoStepLoader } from "~/routes/admin.timsar.two-step";
import { loader as staffList } from "~/routes/api.admin.staff._index";
import { action as staffUpdate } from "~/routes/api.admin.staff.$id";
import { fixedT } from "~/i18n/fixed-t.server";
import { checkSecondStep, enableTwoStep, needsSecondStep, startTwoStep, twoStepState } from "./two-step.server";

describe("two-step sign-in", () => {
  it("asks for the app's code after the password, takes each code once, and a recovery code once", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("totp-owner"), password: "owner-totp-password" });
    const actor = { id: owner.id, email: owner.email, role: "owner" };
    const secret = await startTwoStep(owner.id);
    const earlier = Date.now() - 60_000;
    expect(await enableTwoStep(actor, "000000", earlier)).toBeNull();
    const recovery = await enableTwoStep(actor, totpAt(secret, earlier), earlier);
    expect(recovery).toHaveLength(10);

    const client = new RouteClient("198.51.100.33");
    const login = { email: owner.email, password: "owner-totp-password" };
    expect(await client.json(apiLogin, "/api/admin/timsar", login)).toMatchObject({ status: 401, body: { message: expect.stringContaining("authenticator") } });
    expect(client.cookies.has("__admin")).toBe(false);
    const code = totpAt(secret, Date.now());
    expect((await client.json(apiLogin, "/api/admin/timsar", { ...login, code })).status).toBe(200);
    expect(client.cookies.has("__admin")).toBe(true);
    // the same code a second time is refused (someone who saw it over a shoulder)
    expect((await new RouteClient("198.51.100.34").json(apiLogin, "/api/admin/timsar", { ...login, code })).status).toBe(401);

    expect(await checkSecondStep(owner.id, recovery![0])).toBe(true);
    expect(await checkSecondStep(owner.id, recovery![0])).toBe(false);

    // the page: password first, then a form of its own for the code
    const browser = new RouteClient("198.51.100.35");
    const first = await browser.form(pageLogin, "/admin/timsar", login);
    expect(await first.json()).toEqual({ step: "code" });
    expect(browser.cookies.has("__admin")).toBe(false);
    const second = await browser.form(pageLogin, "/admin/timsar", { intent: "code", code: recovery![1] });
    expect(second.status).toBe(303);
    expect(browser.cookies.has("__admin")).toBe(true);
  }, 30_000);
});

describe("a code typed on an Arabic keyboard", () => {
  const arabic = (code: string) => code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

  it("is read as the same code, when turning two-step on and at sign-in on the page", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("totp-arabic"), password: "owner-arabic-password" });
    const actor = { id: owner.id, email: owner.email, role: "owner" };
    const secret = await startTwoStep(owner.id);
    const earlier = Date.now() - 60_000;
    expect(await enableTwoStep(actor, arabic(totpAt(secret, earlier)), earlier)).toHaveLength(10);

    const browser = new RouteClient("198.51.100.36", "ar");
    expect(await (await browser.form(pageLogin, "/admin/timsar", { email: owner.email, password: "owner-arabic-password" })).json()).toEqual({ step: "code" });
    const code = totpAt(secret, Date.now());
    const answer = await browser.form(pageLogin, "/admin/timsar", { intent: "code", code: ` ${arabic(code.slice(0, 3))} ${arabic(code.slice(3))}` });
    expect(answer.status).toBe(303);
    expect(browser.cookies.has("__admin")).toBe(true);
  }, 30_000);
});

async function memberWithTwoStep(role: "owner" | "orders" | "catalogue", password: string) {
  const member = await createAdmin(prisma, { email: uniqueEmail(`totp-${role}`), password, role });
  const secret = await startTwoStep(member.id);
  const earlier = Date.now() - 60_000;
  await enableTwoStep({ id: member.id, email: member.email, role }, totpAt(secret, earlier), earlier);
  return { member, secret };
}

/** A browser signed in as `email` (a member without two-step sign-in) through the sign-in page. */
async function signedIn(email: string, password: string, address: string, language: "ar" | "en" = "en") {
  const browser = new RouteClient(address, language);
  expect((await browser.form(pageLogin, "/admin/timsar", { email, password })).status).toBe(303);
  return browser;
}

describe("the two-step page", () => {
  it("lets a member of any role turn it on with the account's password and a code, beside a QR code of the key", async () => {
    const member = await createAdmin(prisma, { email: uniqueEmail("totp-catalogue"), password: "catalogue-password", role: "catalogue" });
    const browser = await signedIn(member.email, "catalogue-password", "198.51.100.40");
    const page = await browser.call(twoStepLoader, "/admin/timsar/two-step");
    expect(page.status).toBe(200);
    const shown = (await page.json()) as { secret: string; uri: string; qrSvg: string };
    expect(shown.secret).toMatch(/^[A-Z2-7]+$/);
    expect(shown.uri).toContain(`secret=${shown.secret}`);
    // The SVG is the QR code of exactly this otpauth:// URI (the same drawing made from the URI directly).
    expect(shown.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(shown.qrSvg).toBe(await QRCode.toString(shown.uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 }));

    const code = totpAt(shown.secret, Date.now());
    const wrongPassword = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "enable", password: "not-the-password", code });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ ok: false, passwordError: "admin.twoStep.wrongPassword" });
    expect(await twoStepState(member.id)).toMatchObject({ enabled: false });
    expect(fixedT("ar")("admin.twoStep.wrongPassword")).toMatch(/[\u0600-\u06FF]/);

    const enabled = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "enable", password: "catalogue-password", code });
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as { codes: string[] }).codes).toHaveLength(10);
    expect(await twoStepState(member.id)).toMatchObject({ enabled: true });
  }, 30_000);

  it("turns it off by Post/Redirect/Get back to the page, which says so (issue 44)", async () => {
    const { member, secret } = await memberWithTwoStep("orders", "orders-off-password");
    const browser = new RouteClient("198.51.100.42");
    await browser.form(pageLogin, "/admin/timsar", { email: member.email, password: "orders-off-password" });
    expect((await browser.form(pageLogin, "/admin/timsar", { intent: "code", code: totpAt(secret, Date.now()) })).status).toBe(303);
    const off = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "disable", password: "orders-off-password", code: totpAt(secret, Date.now() + 30_000) });
    expect(off.status).toBe(303);
    expect(off.headers.get("Location")).toBe("/admin/timsar/two-step");
    expect(browser.lastSetCookies.some((line) => line.startsWith("shop_flash=twoStepDisabled"))).toBe(true);
    expect(await twoStepState(member.id)).toMatchObject({ enabled: false });
  }, 30_000);

  it("asks for the password to turn it off and stops guessing after ten tries with 429 and Retry-After", async () => {
    const { member, secret } = await memberWithTwoStep("orders", "orders-totp-password");
    const browser = new RouteClient("198.51.100.41");
    await browser.form(pageLogin, "/admin/timsar", { email: member.email, password: "orders-totp-password" });
    const login = await browser.form(pageLogin, "/admin/timsar", { intent: "code", code: totpAt(secret, Date.now()) });
    expect(login.status).toBe(303);

    const wrongPassword = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "disable", password: "guess", code: totpAt(secret, Date.now()) });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ passwordError: "admin.twoStep.wrongPassword" });
    expect(await twoStepState(member.id)).toMatchObject({ enabled: true });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const guess = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "disable", password: "orders-totp-password", code: String(100000 + attempt) });
      statuses.push(guess.status);
      if (guess.status === 429) {
        expect(Number(guess.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(((await guess.json()) as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
      }
    }
    expect(statuses.slice(0, 9).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await twoStepState(member.id)).toMatchObject({ enabled: true });
    // even the right code is refused while the limit lasts
    const blocked = await browser.form(twoStepAction, "/admin/timsar/two-step", { intent: "disable", password: "orders-totp-password", code: totpAt(secret, Date.now() + 30_000) });
    expect(blocked.status).toBe(429);
    // each wrong code is in the activity log with the client address
    const failed = await prisma.auditEntry.findMany({ where: { entityId: member.id, action: "codeFailed" } });
    expect(failed.length).toBeGreaterThanOrEqual(9);
    expect(failed[0]).toMatchObject({ actorEmail: member.email, address: "198.51.100.41" });
  }, 60_000);
});

describe("a lost phone", () => {
  it("an owner turns a member's two-step sign-in off from the API, and it is in the activity log", async () => {
    const { member } = await memberWithTwoStep("orders", "lost-phone-password");
    const owner = await createAdmin(prisma, { email: uniqueEmail("reset-owner"), password: "reset-owner-password" });
    const browser = await signedIn(owner.email, "reset-owner-password", "198.51.100.42");
    const listed = await browser.json(staffList, "/api/admin/staff");
    expect((listed.body.staff as { email: string; twoStep: boolean }[]).find((row) => row.email === member.email)?.twoStep).toBe(true);
    const reset = await browser.call(staffUpdate, `/api/admin/staff/${member.id}`, {
      method: "PUT",
      body: JSON.stringify({ resetTwoStep: true }),
      headers: { "Content-Type": "application/json" },
    }, { id: member.id });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { member: { twoStep: boolean } }).member.twoStep).toBe(false);
    expect(await needsSecondStep(member.id)).toBe(false);
    expect(await prisma.adminRecoveryCode.count({ where: { adminId: member.id } })).toBe(0);
    const entry = await prisma.auditEntry.findFirstOrThrow({ where: { entityId: member.id, action: "twoStepReset" } });
    expect(entry.actorEmail).toBe(owner.email);
    expect(entry.summary).toBe(`two-step sign-in of ${member.email} turned off by an owner`);
  }, 30_000);

  it("the owner alone gets back in with the command on the server", async () => {
    const { member } = await memberWithTwoStep("owner", "only-owner-password");
    const resetCommand = (...args: string[]) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/admin-reset-two-step.ts", ...args], { env: process.env, encoding: "utf8" });
    const unknown = resetCommand("--email", uniqueEmail("nobody"));
    expect(unknown.status).toBe(1);
    expect(await needsSecondStep(member.id)).toBe(true);
    const done = resetCommand("--email", member.email.toUpperCase());
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("Two-step sign-in is off");
    expect(await needsSecondStep(member.id)).toBe(false);
    expect((await new RouteClient("198.51.100.43").json(apiLogin, "/api/admin/timsar", { email: member.email, password: "only-owner-password" })).status).toBe(200);
    expect(await prisma.auditEntry.count({ where: { entityId: member.id, action: "twoStepReset" } })).toBe(1);
  }, 60_000);
});
