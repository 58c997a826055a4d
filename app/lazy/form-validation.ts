import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { ChangePasswordSchema, CodeStepSchema, EmailSchema, LoginSchema, NewPasswordSchema, ProfileSchema, ResetCodeStepSchema } from "~/shared/account-schemas";
import { AdminLoginSchema, CategoryCreateSchema, CategoryEditSchema, productFormSchema } from "~/shared/admin-schemas";
import { CardSchema } from "~/shared/card-schema";
import { CheckoutSchema } from "~/shared/checkout-schema";
import { SettingsFormSchema } from "~/shared/shop-settings";
// Bundling hints (docs/decisions/0021-javascript-budget.md): like a route, this entry point of the browser build
// (loaded after the page is up) imports ~/i18n/react; both modules are on the page before this one loads.
// Reaching the module every page reaches lets esbuild file money and the product rules, which the schemas share
// with the storefront, in the pages' common file; reaching the form fields puts conform's DOM half, which
// parseWithZod uses here, in one file with its React half (0.7 KB less than two, which repeat Babel's helpers).
import "~/i18n/react";
export * as bundledForms from "~/components/forms";

function check<Schema extends z.ZodType>(schema: Schema) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}

/**
 * Every form's check in the browser, by the same schemas the actions use. zod and the schemas are about 100 KB of
 * JavaScript, so forms load this module after the page is up (`useFormValidation`), never with it.
 */
export const validators = {
  login: check(LoginSchema),
  registerEmail: check(EmailSchema),
  registerCode: check(CodeStepSchema),
  registerProfile: check(ProfileSchema),
  forgotPassword: check(EmailSchema),
  resetCode: check(ResetCodeStepSchema),
  newPassword: check(NewPasswordSchema),
  changePassword: check(ChangePasswordSchema),
  checkout: check(CheckoutSchema),
  card: check(CardSchema),
  adminLogin: check(AdminLoginSchema),
  productCreate: check(productFormSchema("create")),
  productEdit: check(productFormSchema("edit")),
  categoryCreate: check(CategoryCreateSchema),
  categoryEdit: check(CategoryEditSchema),
  settings: check(SettingsFormSchema),
};

export type Validators = typeof validators;
export type FormName = keyof Validators;
