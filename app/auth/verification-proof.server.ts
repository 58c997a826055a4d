import { type CodePurpose, PROOF_LIFETIME_MINUTES, readProofToken, type Proof } from "~/models/accounts/index.server";
import { plainCookie } from "~/utils/cookies.server";

/**
 * After a code is verified, only the browser or API client that verified it may set the password. It gets a
 * short-lived signed proof: an HttpOnly cookie for browsers and the same value in the JSON answer for API
 * clients (sent back as `verificationToken` or the `X-Verification-Token` header). Knowing the e-mail is not enough.
 */
const proofCookies = {
  register: plainCookie("register_proof", PROOF_LIFETIME_MINUTES * 60),
  reset: plainCookie("reset_proof", PROOF_LIFETIME_MINUTES * 60),
};

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
