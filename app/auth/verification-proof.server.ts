import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import type { CodePurpose } from "~/models/one-time-code.server";
import { plainCookie } from "~/utils/cookies.server";

/**
 * After a code is verified, only the browser or API client that verified it may set the password. It gets a
 * short-lived signed proof: an HttpOnly cookie for browsers and the same value in the JSON answer for API
 * clients (sent back as `verificationToken` or the `X-Verification-Token` header). Knowing the e-mail is not enough.
 */
export const PROOF_LIFETIME_MINUTES = 30;

export type Proof = { email: string; purpose: CodePurpose; codeId: string; expiresAt: number };

const proofCookies = {
  register: plainCookie("register_proof", PROOF_LIFETIME_MINUTES * 60),
  reset: plainCookie("reset_proof", PROOF_LIFETIME_MINUTES * 60),
};

function sign(payload: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(payload).digest("base64url");
}

export function createProofToken(proof: Omit<Proof, "expiresAt">, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...proof, expiresAt: now + PROOF_LIFETIME_MINUTES * 60 * 1000 })).toString("base64url");
  return `${payload}.${sign(payload, getEnv().sessionSecrets[0])}`;
}

/** Any of the configured secrets may have signed it, so rotating SESSION_SECRET does not break a flow midway. */
export function readProofToken(token: string | null | undefined, purpose: CodePurpose, now = Date.now()): Proof | null {
  if (!token) return null;
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const valid = getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  try {
    const proof = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Proof;
    if (proof.purpose !== purpose || typeof proof.email !== "string" || proof.expiresAt <= now) return null;
    return proof;
  } catch {
    return null;
  }
}

/** The proof this request carries for this e-mail: cookie, header or body token, in that order. */
export function getProof(request: Request, purpose: CodePurpose, email: string, bodyToken?: unknown): Proof | null {
  const candidates = [
    proofCookies[purpose].read(request),
    request.headers.get("X-Verification-Token"),
    typeof bodyToken === "string" ? bodyToken : null,
  ];
  for (const candidate of candidates) {
    const proof = readProofToken(candidate, purpose);
    if (proof && proof.email === email) return proof;
  }
  return null;
}

export function proofCookieHeader(purpose: CodePurpose, token: string): string {
  return proofCookies[purpose].serialize(token);
}

export function clearProofCookieHeader(purpose: CodePurpose): string {
  return proofCookies[purpose].clear();
}
