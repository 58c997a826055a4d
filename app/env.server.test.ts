import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "shop-env-"));
}

describe("parseEnv", () => {
  it("applies CONTRACT.md's defaults", () => {
    const env = parseEnv({}, tempDir());
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBe("file:./data/shop.db");
    expect(env.adminEmail).toBe("admin@localhost");
    expect(env.mailFrom).toBe("shop@localhost");
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.paymentProvider).toBe("test");
    expect(env.trustProxy).toBe(0);
    expect(env.smtpUrl).toBeUndefined();
    expect(env.isProduction).toBe(false);
    expect(env.seedDemo).toBe(true);
    expect(env.shutdownTimeoutMs).toBe(25_000);
  });

  it("reads SEED_DEMO and SHUTDOWN_TIMEOUT_SECONDS", () => {
    const env = parseEnv({ SEED_DEMO: "0", SHUTDOWN_TIMEOUT_SECONDS: "3" }, tempDir());
    expect(env.seedDemo).toBe(false);
    expect(env.shutdownTimeoutMs).toBe(3000);
  });

  it("reads PAYMENT_REMINDERS as delays after placing, 1h and 20h by default, none when off, and names it when unreadable", () => {
    expect(parseEnv({}, tempDir()).paymentReminderDelaysMs).toEqual([3_600_000, 72_000_000]);
    expect(parseEnv({ PAYMENT_REMINDERS: "20h, 30m,2s,30m" }, tempDir()).paymentReminderDelaysMs).toEqual([2000, 1_800_000, 72_000_000]);
    expect(parseEnv({ PAYMENT_REMINDERS: "off" }, tempDir()).paymentReminderDelaysMs).toEqual([]);
    for (const bad of ["1d", "1h,", "0s", "soon", "-1h", "1h,2h,3h,4h,5h,6h", "200h"]) {
      expect(() => parseEnv({ PAYMENT_REMINDERS: bad }, tempDir())).toThrow(/PAYMENT_REMINDERS: must be delays after placing/);
    }
  });

  it("follows PORT in the default APP_URL and honours an explicit one", () => {
    expect(parseEnv({ PORT: "8080" }, tempDir()).appUrl).toBe("http://localhost:8080");
    expect(parseEnv({ APP_URL: "https://shop.example.com/" }, tempDir()).appUrl).toBe("https://shop.example.com");
  });

  it("sends the owner's notices to OWNER_EMAIL, else to the administrator", () => {
    expect(parseEnv({ ADMIN_EMAIL: "Admin@Example.com" }, tempDir()).ownerEmail).toBe("admin@example.com");
    expect(parseEnv({ ADMIN_EMAIL: "admin@example.com", OWNER_EMAIL: "Owner@Example.com" }, tempDir()).ownerEmail).toBe("owner@example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "postgres://localhost/shop"],
    ["SESSION_SECRET", "short"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["OWNER_EMAIL", "owner at example.com"],
    ["ADMIN_PASSWORD", "1234"],
    ["SMTP_URL", "http://mail.example.com"],
    ["APP_URL", "shop.example.com"],
    ["PAYMENT_PROVIDER", "paypal"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "two"],
    ["WEB_CONCURRENCY", "0"],
    ["WEB_CONCURRENCY", "1.5"],
    ["SEED_DEMO", "no"],
    ["SHUTDOWN_TIMEOUT_SECONDS", "0"],
    ["SHUTDOWN_TIMEOUT_SECONDS", "soon"],
  ])("refuses a bad %s (%s) with a message naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value }, tempDir())).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value }, tempDir())).toThrow(name);
  });

  it("generates one session secret and keeps it across restarts", () => {
    const dir = tempDir();
    const first = parseEnv({}, dir).sessionSecrets;
    const second = parseEnv({}, dir).sessionSecrets;
    expect(first).toHaveLength(1);
    expect(first[0].length).toBeGreaterThanOrEqual(32);
    expect(second).toEqual(first);
    expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first[0]);
  });

  it("runs WEB_CONCURRENCY workers, else one per core and at most 4", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "3" }, tempDir()).workers).toBe(3);
    expect(parseEnv({}, tempDir()).workers).toBe(Math.min(os.availableParallelism(), 4));
  });

  it("reads rotated secrets newest first", () => {
    const env = parseEnv({ SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" }, tempDir());
    expect(env.sessionSecrets).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
  });

  it("makes cookies secure only in production", () => {
    expect(parseEnv({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "1" }, tempDir()).isProduction).toBe(true);
    expect(parseEnv({ SHOP_DEPLOY_ENV: "", NODE_ENV: "production" }, tempDir()).isProduction).toBe(false);
  });

  it("refuses the test payment provider in production unless ALLOW_TEST_PAYMENTS=1", () => {
    expect(() => parseEnv({ NODE_ENV: "production" }, tempDir())).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "test" }, tempDir())).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(parseEnv({ NODE_ENV: "production", ALLOW_TEST_PAYMENTS: "1" }, tempDir()).paymentProvider).toBe("test");
    expect(parseEnv({ NODE_ENV: "development" }, tempDir()).paymentProvider).toBe("test");
  });

  it("names each missing gateway variable, and never prints a key", () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: "myfatoorah" }, tempDir())).toThrow(/MYFATOORAH_API_KEY.*MYFATOORAH_WEBHOOK_SECRET/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "myfatoorah", MYFATOORAH_API_KEY: "k".repeat(40) }, tempDir())).toThrow(/MYFATOORAH_WEBHOOK_SECRET/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "tap" }, tempDir())).toThrow(/TAP_SECRET_KEY/);
    let message = "";
    try {
      parseEnv({ PAYMENT_PROVIDER: "tap", TAP_SECRET_KEY: "pk_live_secret-value-123" }, tempDir());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/TAP_SECRET_KEY/);
    expect(message).not.toContain("secret-value-123");
  });

  it("reads a gateway's keys and base URL", () => {
    const env = parseEnv(
      { PAYMENT_PROVIDER: "myfatoorah", MYFATOORAH_API_KEY: "k".repeat(40), MYFATOORAH_WEBHOOK_SECRET: "whsec-123456", MYFATOORAH_BASE_URL: "https://apitest.myfatoorah.com/", NODE_ENV: "production" },
      tempDir(),
    );
    expect(env.myfatoorah).toEqual({ apiKey: "k".repeat(40), baseUrl: "https://apitest.myfatoorah.com", webhookSecret: "whsec-123456" });
    expect(parseEnv({ PAYMENT_PROVIDER: "tap", TAP_SECRET_KEY: "sk_test_abcdefgh12" }, tempDir()).tap).toEqual({ secretKey: "sk_test_abcdefgh12", baseUrl: "https://api.tap.company" });
  });
});

describe("parseEnv: the message channels", () => {
  const whatsApp = {
    WHATSAPP_TOKEN: "EAAG-test-token-0123456789",
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
    WHATSAPP_VERIFY_TOKEN: "verify-me-please",
  };
  const kwtSms = { KWTSMS_USERNAME: "shopapi", KWTSMS_PASSWORD: "secret-password", KWTSMS_SENDER: "TIMSAR" };

  it("leaves WhatsApp and SMS off when none of their variables is set", () => {
    const env = parseEnv({}, tempDir());
    expect(env.whatsApp).toBeNull();
    expect(env.kwtSms).toBeNull();
  });

  it("turns each on with all its variables, with CONTRACT.md's defaults", () => {
    const env = parseEnv({ ...whatsApp, ...kwtSms }, tempDir());
    expect(env.whatsApp).toEqual({
      token: whatsApp.WHATSAPP_TOKEN,
      phoneNumberId: "106540352242922",
      appSecret: whatsApp.WHATSAPP_APP_SECRET,
      verifyToken: "verify-me-please",
      baseUrl: "https://graph.facebook.com",
      apiVersion: "v25.0",
    });
    expect(env.kwtSms).toEqual({ username: "shopapi", password: "secret-password", sender: "TIMSAR", baseUrl: "https://www.kwtsms.com" });
  });

  it("reads the base URLs and the Graph version", () => {
    const env = parseEnv({ ...whatsApp, ...kwtSms, WHATSAPP_BASE_URL: "http://127.0.0.1:4010/", WHATSAPP_API_VERSION: "v22.0", KWTSMS_BASE_URL: "http://127.0.0.1:4011/" }, tempDir());
    expect(env.whatsApp?.baseUrl).toBe("http://127.0.0.1:4010");
    expect(env.whatsApp?.apiVersion).toBe("v22.0");
    expect(env.kwtSms?.baseUrl).toBe("http://127.0.0.1:4011");
  });

  it("names the missing ones when only some are set (all four turn WhatsApp on, all three SMS)", () => {
    expect(() => parseEnv({ WHATSAPP_TOKEN: whatsApp.WHATSAPP_TOKEN, WHATSAPP_APP_SECRET: whatsApp.WHATSAPP_APP_SECRET }, tempDir())).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_VERIFY_TOKEN: must be set too \(all four turn WhatsApp messages on/,
    );
    expect(() => parseEnv({ KWTSMS_USERNAME: "shopapi" }, tempDir())).toThrow(/KWTSMS_PASSWORD, KWTSMS_SENDER: must be set too \(all three turn SMS on/);
    let message = "";
    try {
      parseEnv({ WHATSAPP_TOKEN: whatsApp.WHATSAPP_TOKEN, KWTSMS_PASSWORD: "secret-password" }, tempDir());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain(whatsApp.WHATSAPP_TOKEN);
    expect(message).not.toContain("secret-password");
  });

  it.each([
    ["WHATSAPP_TOKEN", "short"],
    ["WHATSAPP_PHONE_NUMBER_ID", "+965 1234"],
    ["WHATSAPP_APP_SECRET", "tiny"],
    ["WHATSAPP_VERIFY_TOKEN", "abc"],
    ["WHATSAPP_BASE_URL", "graph.facebook.com"],
    ["WHATSAPP_API_VERSION", "21"],
    ["KWTSMS_SENDER", "A-SENDER-ID-TOO-LONG"],
    ["KWTSMS_BASE_URL", "ftp://www.kwtsms.com"],
  ])("refuses a bad %s (%s) with a message naming it", (name, value) => {
    expect(() => parseEnv({ ...whatsApp, ...kwtSms, [name]: value }, tempDir())).toThrow(EnvError);
    expect(() => parseEnv({ ...whatsApp, ...kwtSms, [name]: value }, tempDir())).toThrow(name);
  });
});
