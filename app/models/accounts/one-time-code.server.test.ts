import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { uniqueEmail } from "../../../tests/factories/unique";
import { checkCode, CODE_LIFETIME_MINUTES, generateCode, issueCode, MAX_CODE_ATTEMPTS } from "./one-time-code.server";

const wrongCode = (code: string) => (code === "000000" ? "000001" : "000000");

describe("one-time codes", () => {
  it("are six digits from the cryptographic source", () => {
    const spy = vi.spyOn(crypto, "randomInt");
    const code = generateCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(spy).toHaveBeenCalledWith(0, 1_000_000);
  });

  it("are stored hashed, never as the digits", async () => {
    const email = uniqueEmail("code");
    const { code } = await issueCode(email, "register");
    const row = await prisma.oneTimeCode.findUniqueOrThrow({ where: { email_purpose: { email, purpose: "register" } } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("last 10 minutes", async () => {
    const email = uniqueEmail("code");
    const issuedAt = new Date();
    const { code, expiresAt } = await issueCode(email, "reset", issuedAt);
    expect(expiresAt.getTime() - issuedAt.getTime()).toBe(CODE_LIFETIME_MINUTES * 60 * 1000);
    expect(CODE_LIFETIME_MINUTES).toBe(10);
    const late = new Date(issuedAt.getTime() + 10 * 60 * 1000 + 1);
    expect(await checkCode(email, "reset", code, late)).toEqual({ ok: false, reason: "expired" });
  });

  it("work once", async () => {
    const email = uniqueEmail("code");
    const { code } = await issueCode(email, "register");
    expect((await checkCode(email, "register", code)).ok).toBe(true);
    expect(await checkCode(email, "register", code)).toEqual({ ok: false, reason: "used" });
  });

  it("are void after 5 wrong tries, even for the right digits", async () => {
    const email = uniqueEmail("code");
    const { code } = await issueCode(email, "register");
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) expect(await checkCode(email, "register", wrongCode(code))).toEqual({ ok: false, reason: "wrong" });
    expect(await checkCode(email, "register", wrongCode(code))).toEqual({ ok: false, reason: "wrong" });
    expect(MAX_CODE_ATTEMPTS).toBe(5);
    expect(await checkCode(email, "register", code)).toEqual({ ok: false, reason: "tooManyAttempts" });
  });

  it("count concurrent wrong tries exactly", async () => {
    const email = uniqueEmail("code");
    const { code } = await issueCode(email, "register");
    await Promise.all(Array.from({ length: 12 }, () => checkCode(email, "register", wrongCode(code))));
    const row = await prisma.oneTimeCode.findUniqueOrThrow({ where: { email_purpose: { email, purpose: "register" } } });
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect((await checkCode(email, "register", code)).ok).toBe(false);
  });

  it("are replaced by a new code", async () => {
    const email = uniqueEmail("code");
    const first = await issueCode(email, "register");
    let second = await issueCode(email, "register");
    while (second.code === first.code) second = await issueCode(email, "register");
    expect(await checkCode(email, "register", first.code)).toEqual({ ok: false, reason: "wrong" });
    expect((await checkCode(email, "register", second.code)).ok).toBe(true);
  });

  it("sent twice at once (a double click) both succeed, leaving one live code", async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail("double");
      const issued = await Promise.allSettled(Array.from({ length: 4 }, () => issueCode(email, "register")));
      expect(issued.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
      expect(await prisma.oneTimeCode.count({ where: { email, purpose: "register" } })).toBe(1);
      const codes = issued.map((result) => (result as PromiseFulfilledResult<{ code: string }>).value.code);
      const checks = [];
      for (const code of new Set(codes)) checks.push((await checkCode(email, "register", code)).ok);
      expect(checks.filter(Boolean)).toHaveLength(1);
    }
  });

  it("of one purpose do not open the other", async () => {
    const email = uniqueEmail("code");
    const { code } = await issueCode(email, "register");
    expect(await checkCode(email, "reset", code)).toEqual({ ok: false, reason: "missing" });
  });
});
