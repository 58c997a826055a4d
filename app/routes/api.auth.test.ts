import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { codeFromMail, startSmtpServer } from "../../tests/setup/smtp";
import { RouteClient } from "../../tests/setup/route-client";
import { uniqueEmail } from "../../tests/factories/unique";
import { createCustomer } from "../../tests/factories/customer";
import { sessionKey } from "~/models/accounts/index.server";
import { action as changePassword } from "./api.auth.change-password";
import { action as checkVerified } from "./api.auth.check-verified";
import { action as forgotPassword } from "./api.auth.forgot-password";
import { action as login } from "./api.auth.login";
import { action as logout } from "./api.auth.logout";
import { action as registerEmail } from "./api.auth.register-email";
import { action as resetPassword } from "./api.auth.reset-password";
import { loader as session } from "./api.auth.session";
import { action as setPassword } from "./api.auth.set-password";
import { action as verifyCode } from "./api.auth.verify-code";
import { action as verifyResetCode } from "./api.auth.verify-reset-code";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // read once by getEnv(), which nothing has called yet in this test process
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  await smtp.close();
});

async function register(client: RouteClient, email: string, password = "first-password") {
  const before = smtp.received.length;
  expect((await client.json(registerEmail, "/api/auth/register-email", { email })).status).toBe(200);
  const code = codeFromMail(await smtp.waitForMail(email, { after: before }));
  const verified = await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code });
  expect(verified.status).toBe(200);
  const done = await client.json(setPassword, "/api/auth/set-password", { email, password, phone: "51234567", fullName: "Noor Test" });
  expect(done.status).toBe(200);
  return { password };
}

describe("registration API", () => {
  it("walks register-email, verify-code, check-verified and set-password with a mailed code", async () => {
    const email = uniqueEmail("reg");
    const client = new RouteClient(undefined, "ar");
    const before = smtp.received.length;
    const sent = await client.json(registerEmail, "/api/auth/register-email", { email: email.toUpperCase() });
    expect(sent).toMatchObject({ status: 200, body: { alreadyVerified: false } });

    const mail = await smtp.waitForMail(email, { after: before });
    // In the request's language alone (Arabic here), counts in Arabic-Indic digits.
    expect(mail.subject).toMatch(/^رمز التحقق من /);
    expect(mail.text).toContain("١٠ دقائق");
    expect(mail.text).not.toContain("valid for");
    expect(mail.html).toContain('dir="rtl"');
    const code = codeFromMail(mail);

    const wrong = await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code === "000000" ? "111111" : "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Invalid or expired code / الرمز غير صحيح أو منتهي الصلاحية" } });

    const missing = await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ verificationCode: [expect.stringContaining("Please enter the verification code.")] });

    const verified = await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code });
    expect(verified).toMatchObject({ status: 200, body: { alreadyVerified: false, verificationToken: expect.any(String) } });

    expect((await client.json(checkVerified, "/api/auth/check-verified", { email })).body).toEqual({ verified: true });
    const again = await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code });
    expect(again.body).toMatchObject({ alreadyVerified: true, message: expect.stringContaining("already verified") });
    const restart = await client.json(registerEmail, "/api/auth/register-email", { email });
    expect(restart.body).toMatchObject({ alreadyVerified: true });

    const badPhone = await client.json(setPassword, "/api/auth/set-password", { email, password: "short", phone: "41234567", fullName: "" });
    expect(badPhone.status).toBe(400);
    expect(Object.keys(badPhone.body.fieldErrors as object).sort()).toEqual(["fullName", "password", "phone"]);
    expect((badPhone.body.fieldErrors as Record<string, string[]>).phone[0]).toContain(
      "Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9).",
    );

    const done = await client.json(setPassword, "/api/auth/set-password", {
      email,
      password: "correct-horse",
      phone: "+965 6123 4567",
      fullName: "Noor",
    });
    expect(done.status).toBe(200);
    const customer = await prisma.customer.findUniqueOrThrow({ where: { email } });
    expect(customer).toMatchObject({ fullName: "Noor", phone: "61234567", isVerified: true });
    expect(customer.passwordHash).toMatch(/^\$argon2id\$/);
    expect(customer.passwordHash).not.toContain("correct-horse");
    expect((await client.json(checkVerified, "/api/auth/check-verified", { email })).body).toEqual({ verified: false });
    const twice = await client.json(setPassword, "/api/auth/set-password", { email, password: "another-one", phone: "51234567", fullName: "X" });
    expect(twice.status).toBe(403);
  });

  it("binds set-password to the client that verified the code, not to whoever knows the e-mail", async () => {
    const email = uniqueEmail("bind");
    const owner = new RouteClient();
    const before = smtp.received.length;
    await owner.json(registerEmail, "/api/auth/register-email", { email });
    const code = codeFromMail(await smtp.waitForMail(email, { after: before }));
    const verified = await owner.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: code });

    const stranger = new RouteClient();
    expect((await stranger.json(checkVerified, "/api/auth/check-verified", { email })).body).toEqual({ verified: false });
    const hijack = await stranger.json(setPassword, "/api/auth/set-password", { email, password: "attacker-pass", phone: "51234567", fullName: "X" });
    expect(hijack).toMatchObject({ status: 403, body: { message: expect.stringContaining("Please verify your email again.") } });
    const forged = await stranger.json(setPassword, "/api/auth/set-password", {
      email,
      password: "attacker-pass",
      phone: "51234567",
      fullName: "X",
      verificationToken: `${String(verified.body.verificationToken).split(".")[0]}.forged`,
    });
    expect(forged.status).toBe(403);

    // An API client without a cookie jar sends the token it was given.
    const apiClient = new RouteClient();
    const ok = await apiClient.json(
      setPassword,
      "/api/auth/set-password",
      { email, password: "owner-password", phone: "91234567", fullName: "Owner" },
      { "X-Verification-Token": String(verified.body.verificationToken) },
    );
    expect(ok.status).toBe(200);
  });

  it("answers an e-mail that already has an account like any other, and mails a notice instead of a code", async () => {
    const email = uniqueEmail("existing");
    await register(new RouteClient(), email);
    const before = smtp.received.length;
    const answer = await new RouteClient().json(registerEmail, "/api/auth/register-email", { email });
    const fresh = await new RouteClient().json(registerEmail, "/api/auth/register-email", { email: uniqueEmail("fresh") });
    expect(answer.body).toEqual(fresh.body);
    const notice = await smtp.waitForMail(email, { after: before });
    expect(notice.text).toContain("already has an account");
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it("answers set-password without a proof the same whether or not the e-mail has an account, and limits it", async () => {
    const registered = uniqueEmail("set-registered");
    await createCustomer(prisma, { email: registered, password: "already-there" });
    const prober = new RouteClient("203.0.113.40");
    const body = (email: string) => ({ email, password: "probe-password", phone: "51234567", fullName: "Probe" });
    const known = await prober.json(setPassword, "/api/auth/set-password", body(registered));
    const unknown = await prober.json(setPassword, "/api/auth/set-password", body(uniqueEmail("set-unknown")));
    expect(known).toMatchObject({ status: 403, body: { message: expect.stringContaining("Please verify your email again.") } });
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    for (let i = 2; i < 30; i++) expect((await prober.json(setPassword, "/api/auth/set-password", body(uniqueEmail("set-spray")))).status).toBe(403);
    const limited = await prober.json(setPassword, "/api/auth/set-password", body(registered));
    expect(limited.status).toBe(429);
  });

  it("refuses a malformed e-mail with SPEC's message", async () => {
    const answer = await new RouteClient().json(registerEmail, "/api/auth/register-email", { email: "no-at-sign" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Please enter a valid email address. / يرجى إدخال بريد إلكتروني صحيح.");
    const broken = await new RouteClient().call(registerEmail, "/api/auth/register-email", { method: "POST", body: "{not json" });
    expect(broken.status).toBe(400);
  });
});

describe("login, session and logout API", () => {
  it("answers the e-mail and a bearer token, and the session ends on the server at logout", async () => {
    const email = uniqueEmail("login");
    await register(new RouteClient(), email, "login-password");
    const client = new RouteClient();
    const failed = await client.json(login, "/api/auth/login", { email, password: "wrong-password" });
    expect(failed).toMatchObject({ status: 401, body: { message: "Invalid credentials / بيانات الدخول غير صحيحة" } });
    const unknown = await client.json(login, "/api/auth/login", { email: uniqueEmail("nobody"), password: "whatever1" });
    expect(unknown.body).toEqual(failed.body);

    const ok = await client.json(login, "/api/auth/login", { email, password: "login-password" });
    expect(ok).toMatchObject({ status: 200, body: { email, token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) } });
    const setCookie = client.lastSetCookies.join("\n");
    expect(setCookie).toMatch(/__session=.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const bearer = { Authorization: `Bearer ${String(ok.body.token)}` };
    const api = new RouteClient();
    expect((await api.json(session, "/api/auth/session", undefined, bearer)).body).toEqual({ email, isAuthenticated: true });
    expect((await new RouteClient().json(session, "/api/auth/session")).body).toEqual({ email: null, isAuthenticated: false });
    expect((await client.json(session, "/api/auth/session")).body).toEqual({ email, isAuthenticated: true });

    expect((await api.json(logout, "/api/auth/logout", {}, bearer)).status).toBe(200);
    expect((await api.json(session, "/api/auth/session", undefined, bearer)).body).toEqual({ email: null, isAuthenticated: false });
    expect(await prisma.session.count({ where: { id: sessionKey(String(ok.body.token)) } })).toBe(0);
  });

  it("gives a new session id at every login and drops the one the browser had", async () => {
    const email = uniqueEmail("fixation");
    await register(new RouteClient(), email, "fixation-pass");
    const client = new RouteClient();
    const first = await client.json(login, "/api/auth/login", { email, password: "fixation-pass" });
    const second = await client.json(login, "/api/auth/login", { email, password: "fixation-pass" });
    expect(second.body.token).not.toBe(first.body.token);
    expect(await prisma.session.count({ where: { id: sessionKey(String(second.body.token)) } })).toBe(1);
    expect(await prisma.session.count({ where: { id: sessionKey(String(first.body.token)) } })).toBe(0);
  });
});

describe("password reset API", () => {
  it("answers the same for known and unknown e-mails, and resets only for the client that verified the code", async () => {
    const email = uniqueEmail("reset");
    await register(new RouteClient(), email, "old-password");
    const signedIn = new RouteClient();
    const token = String((await signedIn.json(login, "/api/auth/login", { email, password: "old-password" })).body.token);

    const client = new RouteClient();
    const before = smtp.received.length;
    const known = await client.json(forgotPassword, "/api/auth/forgot-password", { email });
    const unknown = await client.json(forgotPassword, "/api/auth/forgot-password", { email: uniqueEmail("ghost") });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    const mail = await smtp.waitForMail(email, { after: before });
    expect(mail.text).toContain("Your password reset code is");
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
    const code = codeFromMail(mail);

    const noProof = await client.json(resetPassword, "/api/auth/reset-password", { email, password: "stolen-password" });
    expect(noProof).toMatchObject({ status: 403, body: { message: expect.stringContaining("Please verify the reset code first.") } });

    const bad = await client.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: code === "123456" ? "654321" : "123456" });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining("Invalid or expired code") } });
    const good = await client.json(verifyResetCode, "/api/auth/verify-reset-code", { email, code });
    expect(good.status).toBe(200);

    expect((await new RouteClient().json(resetPassword, "/api/auth/reset-password", { email, password: "stolen-password" })).status).toBe(403);
    const beforeReset = smtp.received.length;
    const reset = await client.json(resetPassword, "/api/auth/reset-password", { email, password: "brand-new-password" });
    expect(reset.status).toBe(200);
    expect((await smtp.waitForMail(email, { after: beforeReset })).subject).toContain("password was changed");
    const replay = await new RouteClient().json(
      resetPassword,
      "/api/auth/reset-password",
      { email, password: "replayed-password" },
      { "X-Verification-Token": String(good.body.verificationToken) },
    );
    expect(replay.status).toBe(403);

    expect((await new RouteClient().json(session, "/api/auth/session", undefined, { Authorization: `Bearer ${token}` })).body.isAuthenticated).toBe(false);
    expect((await new RouteClient().json(login, "/api/auth/login", { email, password: "old-password" })).status).toBe(401);
    expect((await new RouteClient().json(login, "/api/auth/login", { email, password: "brand-new-password" })).status).toBe(200);
  });
});

describe("change password API", () => {
  it("needs a session, both fields and the right old password, then ends every session", async () => {
    const email = uniqueEmail("change");
    await register(new RouteClient(), email, "before-change");
    expect((await new RouteClient().json(changePassword, "/api/auth/change-password", { oldPassword: "a", newPassword: "b" })).status).toBe(401);

    const phone = new RouteClient();
    const phoneToken = String((await phone.json(login, "/api/auth/login", { email, password: "before-change" })).body.token);
    const client = new RouteClient();
    await client.json(login, "/api/auth/login", { email, password: "before-change" });

    const empty = await client.json(changePassword, "/api/auth/change-password", { oldPassword: "", newPassword: "" });
    expect(empty).toMatchObject({ status: 400, body: { message: "Please fill all fields / يرجى تعبئة جميع الحقول" } });
    const wrong = await client.json(changePassword, "/api/auth/change-password", { oldPassword: "not-it-at-all", newPassword: "after-change" });
    expect(wrong).toMatchObject({ status: 400, body: { message: expect.stringContaining("Current password is incorrect") } });
    const beforeChange = smtp.received.length;
    const ok = await client.json(changePassword, "/api/auth/change-password", { oldPassword: "before-change", newPassword: "after-change" });
    expect(ok.status).toBe(200);
    expect((await smtp.waitForMail(email, { after: beforeChange })).text).toContain("Your password was changed");
    expect((await client.json(session, "/api/auth/session")).body.isAuthenticated).toBe(false);
    const other = await new RouteClient().json(session, "/api/auth/session", undefined, { Authorization: `Bearer ${phoneToken}` });
    expect(other.body.isAuthenticated).toBe(false);
    expect((await new RouteClient().json(login, "/api/auth/login", { email, password: "after-change" })).status).toBe(200);
  });
});

describe("bad input to every account call", () => {
  it("answers 400 with field errors in both languages", async () => {
    const client = new RouteClient();
    const cases = [
      { handler: login, path: "/api/auth/login", body: { email: "", password: "" }, fields: ["email", "password"] },
      { handler: checkVerified, path: "/api/auth/check-verified", body: { email: "nope" }, fields: ["email"] },
      { handler: forgotPassword, path: "/api/auth/forgot-password", body: {}, fields: ["email"] },
      { handler: verifyResetCode, path: "/api/auth/verify-reset-code", body: { email: "a@b.co", code: "12" }, fields: ["code"] },
      { handler: resetPassword, path: "/api/auth/reset-password", body: { email: "a@b.co", password: "short" }, fields: ["password"] },
      { handler: setPassword, path: "/api/auth/set-password", body: { email: "a@b.co" }, fields: ["fullName", "password", "phone"] },
    ];
    for (const { handler, path, body, fields } of cases) {
      const answer = await client.json(handler, path, body);
      expect(answer.status, path).toBe(400);
      expect(Object.keys(answer.body.fieldErrors as object).sort(), path).toEqual(fields);
      expect(answer.body.message, path).toMatch(/^[^/]+ \/ [\u0600-\u06FF]/);
    }
  });

  it("answers 405 to a GET on a POST-only call", async () => {
    const { loader: loginGet } = await import("./api.auth.login");
    const answer = await new RouteClient().json(loginGet, "/api/auth/login");
    expect(answer.status).toBe(405);
    expect(answer.body.message).toContain("POST");
  });

  it("answers 405 to PUT, PATCH and DELETE on every POST-only call, doing nothing", async () => {
    const email = uniqueEmail("methods");
    await createCustomer(prisma, { email, password: "the-real-password" });
    const calls = { changePassword, checkVerified, forgotPassword, login, logout, registerEmail, resetPassword, setPassword, verifyCode, verifyResetCode };
    const paths: Record<keyof typeof calls, string> = {
      changePassword: "change-password",
      checkVerified: "check-verified",
      forgotPassword: "forgot-password",
      login: "login",
      logout: "logout",
      registerEmail: "register-email",
      resetPassword: "reset-password",
      setPassword: "set-password",
      verifyCode: "verify-code",
      verifyResetCode: "verify-reset-code",
    };
    const body = JSON.stringify({ email, password: "the-real-password" });
    for (const [name, handler] of Object.entries(calls) as [keyof typeof calls, (typeof calls)[keyof typeof calls]][]) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const answer = await new RouteClient().call(handler, `/api/auth/${paths[name]}`, { method, body, headers: { "Content-Type": "application/json" } });
        expect(answer.status, `${method} ${name}`).toBe(405);
        const { message } = (await answer.json()) as { message: string };
        expect(message, `${method} ${name}`).toMatch(/POST.* \/ [\u0600-\u06FF].*POST/);
        expect(answer.headers.getSetCookie(), `${method} ${name}`).toEqual([]);
      }
    }
  });
});
