import * as z from "./zod";
import { westernDigits } from "./typed-digits";
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone } from "./phone";

/**
 * One schema per account form, shared by the pages (conform, both sides) and the JSON API.
 * Messages are translation keys (SPEC section 5's texts live in the account translation files).
 */
const email = z
  .string({ error: "account.validation.emailInvalid" })
  .trim()
  .toLowerCase()
  .max(254, "account.validation.emailInvalid")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "account.validation.emailInvalid");

const newPassword = z
  .string({ error: "account.validation.passwordMin" })
  .min(8, "account.validation.passwordMin")
  .max(200, "account.validation.passwordTooLong");

const code = z
  .string({ error: "account.validation.codeRequired" })
  .overwrite(westernDigits)
  .trim()
  .min(1, { error: "account.validation.codeRequired", abort: true })
  .regex(/^\d{6}$/, "account.validation.codeSixDigits");

export const EmailSchema = z.object({ email });

export const VerifyCodeSchema = z.object({ email, verificationCode: code });

export const ResetCodeSchema = z.object({ email, code });

export const ProfileSchema = z.object({
  fullName: z.string({ error: "account.validation.fullNameRequired" }).trim().min(1, "account.validation.fullNameRequired").max(120, "account.validation.fullNameTooLong"),
  phone: z
    .string({ error: "account.validation.phoneInvalid" })
    .transform(normalizeKuwaitiPhone)
    .pipe(z.string().regex(KUWAIT_PHONE_PATTERN, "account.validation.phoneInvalid")),
  password: newPassword,
});

export const SetPasswordSchema = ProfileSchema.extend({ email });

export const LoginSchema = z.object({
  email: z.string({ error: "account.validation.emailRequired" }).trim().toLowerCase().min(1, "account.validation.emailRequired").max(254, "account.validation.emailInvalid"),
  password: z.string({ error: "account.validation.passwordRequired" }).min(1, "account.validation.passwordRequired").max(200, "account.validation.passwordTooLong"),
  /** "checkout" when the sign-in began at the checkout, which it then returns to; anything else is ignored */
  from: z.string().optional(),
});

export const ResetPasswordSchema = z.object({ email, password: newPassword });

export const ChangePasswordSchema = z.object({
  oldPassword: z.string({ error: "account.validation.fillAllFields" }).min(1, "account.validation.fillAllFields").max(200, "account.validation.passwordTooLong"),
  newPassword: z.string({ error: "account.validation.fillAllFields" }).min(1, "account.validation.fillAllFields").pipe(newPassword),
});

/** The page forms that take the e-mail from the server-side progress instead of a field. */
export const CodeStepSchema = VerifyCodeSchema.pick({ verificationCode: true });
export const ResetCodeStepSchema = ResetCodeSchema.pick({ code: true });
export const NewPasswordSchema = ResetPasswordSchema.pick({ password: true });
