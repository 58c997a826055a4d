import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod, ResetCodeStepSchema } from "~/shared/schemas.server";
import { useShopForm } from "~/components/use-shop-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard, EmailNote, FormErrors } from "~/components/account/auth-card";
import { Field, FormMessage } from "~/components/forms";
import { i18nServer } from "~/i18n/i18next.server";
import { verifyResetCode } from "~/models/accounts/index.server";
import { readResetEmail } from "~/auth/account-flow.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";
import { proofCookieHeader } from "~/auth/verification-proof.server";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = await i18nServer.getFixedT(request);
  return {
    constraint: getZodConstraint(ResetCodeStepSchema),
    email: await readResetEmail(request),
    meta: { title: t("account.verifyReset.title"), description: t("account.verifyReset.description"), siteName: shop },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const email = await readResetEmail(request);
  const submission = parseWithZod(await readFormData(request), { schema: ResetCodeStepSchema });
  if (!email) return data(submission.reply({ formErrors: ["account.messages.emailNotProvided"] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await verifyResetCode(email, submission.value.code, { address: clientAddress(context) });
  if (!outcome.ok) return data(submission.reply({ formErrors: [`account.messages.${outcome.message}`] }), refusalInit(outcome));
  return redirect("/reset-password", { headers: { "Set-Cookie": proofCookieHeader("reset", outcome.proofToken) } });
}

export default function VerifyResetCode() {
  const { t } = useTranslation();
  const { constraint, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useShopForm("resetCode", { lastResult, constraint });
  if (!email) {
    return (
      <AuthCard title={t("account.verifyReset.title")} testId="verify-reset-page">
        <FormMessage message={t("account.messages.emailNotProvided")} />
        <Link to="/forgot-password" className="button button--primary">
          {t("account.verifyReset.startAgain")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("account.verifyReset.title")} testId="verify-reset-page">
      <EmailNote label={t("account.verifyReset.intro")} email={email} />
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field
          meta={fields.code}
          label={t("account.verifyReset.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="code-input"
        />
        <button type="submit" className="button button--primary">
          {t("account.verifyReset.submit")}
        </button>
      </Form>
      <div className="account-links">
        <Link to="/forgot-password">{t("account.verifyReset.startAgain")}</Link>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
