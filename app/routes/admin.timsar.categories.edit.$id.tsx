import { CategoryEditSchema, getZodConstraint } from "~/shared/schemas.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CategoryForm } from "~/components/admin/category-form";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { i18nServer } from "~/i18n/i18next.server";
import { getAdminCategory } from "~/models/catalogue/index.server";
import { categoryFormAction } from "~/admin/category-form.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminCategoryMessages } from "~/i18n/browser/areas/admin/categories";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The category pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminCategoryMessages;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const t = await i18nServer.getFixedT(request);
  const category = await getAdminCategory(params.id ?? "");
  if (!category) throw new Response(t("admin.categories.notFound"), { status: 404 });
  return {
    title: t("admin.categories.editTitle"),
    // The form's attributes from its schema, so the browser needs no zod to draw it.
    constraint: getZodConstraint(CategoryEditSchema),
    category: { id: category.id, nameEn: category.nameEn, nameAr: category.nameAr, iconImage: category.iconImage, slug: category.slug },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  return categoryFormAction(request, "edit", params.id, admin);
}

export default function EditCategory() {
  const { t } = useTranslation();
  const { category, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.categories.editTitle")}</h1>
      <p className="admin-note">
        {t("admin.categories.slug")}: <code dir="ltr">{category.slug}</code>
      </p>
      <CategoryForm
        key={category.id}
        mode="edit"
        constraint={constraint}
        actionData={actionData}
        defaultValue={{ nameEn: category.nameEn, nameAr: category.nameAr }}
        currentIcon={category.iconImage}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.categories.fetchFailed", "admin.categories.notFound")} />;
}
