import { getZodConstraint, productFormSchema } from "~/shared/schemas.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/product-form";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getAdminProduct, productFormDefaults, listAdminCategories } from "~/models/catalogue/index.server";
import { productFormAction } from "~/admin/product-form.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminProductMessages } from "~/i18n/browser/areas/admin/products";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The product pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminProductMessages;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const [language, t, categories, product] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    listAdminCategories(),
    getAdminProduct(params.id ?? ""),
  ]);
  if (!product) throw new Response(t("admin.products.notFound"), { status: 404 });
  return {
    title: t("admin.productForm.editTitle"),
    // The form's attributes from its schema, so the browser needs no zod to draw it.
    constraint: getZodConstraint(productFormSchema("edit")),
    language,
    categories: categories.map((category) => ({ id: category.id, nameEn: category.nameEn, nameAr: category.nameAr })),
    defaults: productFormDefaults(product) as ProductFormDefaults,
    productId: product.id,
    heldQuantity: product.heldQuantity,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  return productFormAction(request, "edit", params.id, admin);
}

export default function EditProduct() {
  const { t } = useTranslation();
  const { categories, language, defaults, productId, heldQuantity, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.productForm.editTitle")}</h1>
      <ProductForm key={productId} mode="edit" constraint={constraint} categories={categories} language={language} actionData={actionData} defaultValue={defaults} heldQuantity={heldQuantity} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.products.fetchFailed", "admin.products.notFound")} />;
}
