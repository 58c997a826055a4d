import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import type { CodePurpose } from "./one-time-code.server";

/**
 * The signed proof that a client verified an e-mailed code (app/auth/verification-proof.server.ts carries it in a
 * cookie or header): what it says, how long it lasts, and its signature under the session secrets.
 */
export const PROOF_LIFETIME_MINUTES = 30;

export type Proof = { email: string; purpose: CodePurpose; codeId: string; expiresAt: number };

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

