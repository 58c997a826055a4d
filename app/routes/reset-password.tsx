import { getFormProps } from "@conform-to/react";
import { getZodConstraint, NewPasswordSchema, parseWithZod } from "~/shared/schemas.server";
import { useShopForm } from "~/components/use-shop-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard, FormErrors } from "~/components/account/auth-card";
import { Field, FormMessage } from "~/components/forms";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { resetPassword } from "~/models/accounts/index.server";
import { readResetEmail, saveResetEmail } from "~/auth/account-flow.server";
import { pageMeta } from "~/utils/meta";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";
import { clearProofCookieHeader, getProof } from "~/auth/verification-proof.server";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";
import { redirectWithToast } from "~/cookies/toast.server";

/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = await i18nServer.getFixedT(request);
  const email = await readResetEmail(request);
  return {
    constraint: getZodConstraint(NewPasswordSchema),
    email,
    verified: Boolean(email && getProof(request, "reset", email)),
    meta: { title: t("account.reset.title"), description: t("account.reset.description"), siteName: shop },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const email = await readResetEmail(request);
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (!email) return data(submission.reply({ formErrors: ["account.messages.emailNotProvided"] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const outcome = await resetPassword(email, submission.value.password, getProof(request, "reset", email), await getLanguage(request));
  if (!outcome.ok) return data(submission.reply({ formErrors: [`account.messages.${outcome.message}`], hideFields: ["password"] }), refusalInit(outcome));
  const headers = new Headers();
  headers.append("Set-Cookie", clearProofCookieHeader("reset"));
  headers.append("Set-Cookie", await saveResetEmail(null));
  // SPEC's "after 2 s, the login page" gave the shopper time to read the message: it is read on that page now.
  return redirectWithToast("/login", { name: "passwordReset" }, { headers });
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const { constraint, email, verified } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useShopForm("newPassword", { lastResult, constraint });
  if (!email || !verified) {
    return (
      <AuthCard title={t("account.reset.title")} testId="reset-password-page">
        <FormMessage message={t(email ? "account.messages.resetNotVerified" : "account.messages.emailNotProvided")} />
        <Link to={email ? "/verify-reset-code" : "/forgot-password"} className="button button--primary">
          {t("account.verifyReset.startAgain")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("account.reset.title")} testId="reset-password-page">
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field meta={fields.password} label={t("account.reset.password")} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--primary">
          {t("account.reset.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
