import { z } from "zod";
import { signedCookie } from "~/utils/cookies.server";

/**
 * Where a shopper is in registration or in a password reset, kept server-side in signed cookies so it
 * survives a reload and works without JavaScript. They say only where the shopper is; the right to set a
 * password is the separate verification proof.
 */
const RegistrationProgress = z.object({ email: z.string().max(254), step: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export type RegistrationProgress = z.infer<typeof RegistrationProgress>;

const ResetFlow = z.object({ email: z.string().max(254) });

let progressCookie: ReturnType<typeof signedCookie> | undefined;
let resetCookie: ReturnType<typeof signedCookie> | undefined;

function flowCookie(name: string) {
  return signedCookie(name, 60 * 60);
}

export async function readRegistrationProgress(request: Request): Promise<RegistrationProgress | null> {
  progressCookie ??= flowCookie("register_progress");
  const parsed = RegistrationProgress.safeParse(await progressCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export async function saveRegistrationProgress(progress: RegistrationProgress | null): Promise<string> {
  progressCookie ??= flowCookie("register_progress");
  return progress ? progressCookie.serialize(progress) : progressCookie.serialize("", { maxAge: 0 });
}

export async function readResetEmail(request: Request): Promise<string | null> {
  resetCookie ??= flowCookie("reset_flow");
  const parsed = ResetFlow.safeParse(await resetCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.email : null;
}

export async function saveResetEmail(email: string | null): Promise<string> {
  resetCookie ??= flowCookie("reset_flow");
  return email ? resetCookie.serialize({ email }) : resetCookie.serialize("", { maxAge: 0 });
}
