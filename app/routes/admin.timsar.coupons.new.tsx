import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CouponForm } from "~/components/admin/coupon-form";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { couponFormAction, EMPTY_COUPON } from "~/admin/coupon-page.server";
import { adminCouponMessages } from "~/i18n/browser/areas/admin/coupons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";

export const handle = adminCouponMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "coupons");
  const t = await i18nServer.getFixedT(request);
  return { title: t("admin.coupons.newTitle"), defaults: EMPTY_COUPON };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "coupons");
  return couponFormAction(request, null, admin);
}

export default function NewCoupon() {
  const { t } = useTranslation();
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.coupons.newTitle")}</h1>
      <CouponForm defaults={defaults} actionData={actionData} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
