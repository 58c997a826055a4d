import { getZodConstraint, productFormSchema } from "~/shared/schemas.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ProductForm } from "~/components/admin/product-form";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { listAdminCategories } from "~/models/catalogue/index.server";
import { productFormAction } from "~/admin/product-form.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminProductMessages } from "~/i18n/browser/areas/admin/products";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/shared/product";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The product pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminProductMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const [language, t, categories] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), listAdminCategories()]);
  return {
    title: t("admin.productForm.newTitle"),
    // The form's attributes from its schema, so the browser needs no zod to draw it.
    constraint: getZodConstraint(productFormSchema("create")),
    language,
    categories: categories.map((category) => ({ id: category.id, nameEn: category.nameEn, nameAr: category.nameAr })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  return productFormAction(request, "create", undefined, admin);
}

export default function NewProduct() {
  const { t } = useTranslation();
  const { categories, language, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <section className="page admin-page">
      <h1>{t("admin.productForm.newTitle")}</h1>
      <ProductForm
        mode="create"
        constraint={constraint}
        categories={categories}
        language={language}
        actionData={actionData}
        defaultValue={{ isAvailable: true, stockQuantity: "0", lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD), categoryId: searchParams.get("categoryId") ?? "" }}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.products.categoriesFailed")} />;
}
