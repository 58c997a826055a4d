import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "./rate-limit.server";
import { RouteClient } from "../../tests/setup/route-client";
import { startSmtpServer } from "../../tests/setup/smtp";
import { action as forgotPassword } from "~/routes/api.auth.forgot-password";
import { action as login } from "~/routes/api.auth.login";
import { action as registerEmail } from "~/routes/api.auth.register-email";
import { action as verifyCode } from "~/routes/api.auth.verify-code";
import { action as verifyResetCode } from "~/routes/api.auth.verify-reset-code";
import { bilingual } from "~/i18n/bilingual.server";
import { createCustomer } from "../../tests/factories/customer";
import { uniqueEmail } from "../../tests/factories/unique";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});

afterAll(async () => {
  // the codes go out in the background: let the last ones arrive before the server goes away
  const deadline = Date.now() + 5000;
  while (smtp.received.length < 30 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await smtp.close();
});

describe("rate limits, kept in the database", () => {
  it("answer 429 with a bilingual message", () => {
    expect(bilingual("account.messages.tooManyAttempts")).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it("stop password guessing per e-mail, even from many addresses", async () => {
    const email = uniqueEmail("guess");
    await createCustomer(prisma, { email, password: "the-real-password" });
    for (let i = 0; i < 10; i++) {
      expect((await new RouteClient().json(login, "/api/auth/login", { email, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await new RouteClient().json(login, "/api/auth/login", { email, password: "the-real-password" });
    expect(blocked).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
  });

  it("stop one address trying many e-mails at login", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      statuses.push((await client.json(login, "/api/auth/login", { email: uniqueEmail(`spray${i}`), password: "whatever-pass" })).status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  }, 60_000);

  it("stop code guessing per address across e-mails", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const email = uniqueEmail(`codes${i}`);
      statuses.push((await client.json(verifyCode, "/api/auth/verify-code", { email, verificationCode: "123456" })).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("stop reset-code guessing per e-mail", async () => {
    const email = uniqueEmail("reset-guess");
    for (let i = 0; i < 10; i++) {
      expect((await new RouteClient().json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "123456" })).status).toBe(400);
    }
    expect((await new RouteClient().json(verifyResetCode, "/api/auth/verify-reset-code", { email, code: "123456" })).status).toBe(429);
  });

  it("stop code sending per e-mail", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) {
      expect((await new RouteClient().json(forgotPassword, "/api/auth/forgot-password", { email })).status).toBe(200);
    }
    const blocked = await new RouteClient().json(forgotPassword, "/api/auth/forgot-password", { email });
    expect(blocked).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
    expect(await prisma.rateLimit.findUnique({ where: { key: `sendCode:email:${email}` } })).toMatchObject({ count: 6 });
  });

  it("stop one address sending codes to many e-mails", async () => {
    const client = new RouteClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.json(registerEmail, "/api/auth/register-email", { email: uniqueEmail(`send${i}`) })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
