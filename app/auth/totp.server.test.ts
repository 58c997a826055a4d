import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, totpAt } from "./totp.server";

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; the RFC's 8-digit values end in these 6.
const SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's test values", () => {
    expect(SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(SECRET).toString()).toBe("12345678901234567890");
    expect(hotp(Buffer.from("12345678901234567890"), 0)).toBe("755224");
    expect(totpAt(SECRET, 59_000)).toBe("287082");
    expect(totpAt(SECRET, 1111111109_000)).toBe("081804");
    expect(totpAt(SECRET, 1234567890_000)).toBe("005924");
    expect(totpAt(SECRET, 2000000000_000)).toBe("279037");
  });

  it("takes the code of the step before or after, and nothing further or malformed", () => {
    const now = 1234567890_000;
    expect(matchTotp(SECRET, totpAt(SECRET, now - 30_000), now)).not.toBeNull();
    expect(matchTotp(SECRET, totpAt(SECRET, now + 30_000), now)).not.toBeNull();
    expect(matchTotp(SECRET, totpAt(SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotp(SECRET, "12345", now)).toBeNull();
  });
});
