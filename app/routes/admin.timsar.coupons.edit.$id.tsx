import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CouponForm } from "~/components/admin/coupon-form";
import { ErrorPage } from "~/components/error-page";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { couponFormAction } from "~/admin/coupon-page.server";
import { couponFormDefaults, getCoupon } from "~/models/orders/index.server";
import { adminCouponMessages } from "~/i18n/browser/areas/admin/coupons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";

export const handle = adminCouponMessages;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "coupons");
  const [t, coupon] = await Promise.all([i18nServer.getFixedT(request), getCoupon(params.id ?? "")]);
  if (!coupon) throw new Response(t("admin.coupons.notFound"), { status: 404 });
  return { title: t("admin.coupons.editTitle"), defaults: couponFormDefaults(coupon) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "coupons");
  return couponFormAction(request, params.id ?? "", admin);
}

export default function EditCoupon() {
  const { t } = useTranslation();
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.coupons.editTitle")}</h1>
      <CouponForm defaults={defaults} actionData={actionData} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

const notFound = () => <ErrorPage kind="notFound" />;

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} defaultStatusHandler={notFound} unexpectedErrorHandler={notFound} />;
}
