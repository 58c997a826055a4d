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
  });

  it("follows PORT in the default APP_URL and honours an explicit one", () => {
    expect(parseEnv({ PORT: "8080" }, tempDir()).appUrl).toBe("http://localhost:8080");
    expect(parseEnv({ APP_URL: "https://shop.example.com/" }, tempDir()).appUrl).toBe("https://shop.example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "postgres://localhost/shop"],
    ["SESSION_SECRET", "short"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["ADMIN_PASSWORD", "1234"],
    ["SMTP_URL", "http://mail.example.com"],
    ["APP_URL", "shop.example.com"],
    ["PAYMENT_PROVIDER", "paypal"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "two"],
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

  it("reads rotated secrets newest first", () => {
    const env = parseEnv({ SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" }, tempDir());
    expect(env.sessionSecrets).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
  });

  it("makes cookies secure only in production", () => {
    expect(parseEnv({ NODE_ENV: "production" }, tempDir()).isProduction).toBe(true);
    expect(parseEnv({ SHOP_DEPLOY_ENV: "", NODE_ENV: "production" }, tempDir()).isProduction).toBe(false);
  });
});
