import { CategoryCreateSchema, getZodConstraint } from "~/shared/schemas.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CategoryForm } from "~/components/admin/category-form";
import { i18nServer } from "~/i18n/i18next.server";
import { categoryFormAction } from "~/admin/category-form.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminCategoryMessages } from "~/i18n/browser/areas/admin/categories";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";

/** The category pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminCategoryMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const t = await i18nServer.getFixedT(request);
  // The form's attributes from its schema, so the browser needs no zod to draw it.
  return { title: t("admin.categories.newTitle"), constraint: getZodConstraint(CategoryCreateSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  return categoryFormAction(request, "create", undefined, admin);
}

export default function NewCategory() {
  const { t } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.categories.newTitle")}</h1>
      <CategoryForm mode="create" actionData={actionData} constraint={constraint} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
