import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CategoryActionSchema, parseWithZod } from "~/shared/schemas.server";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { RowActions } from "~/components/admin/row-actions";
import { Toast } from "~/components/toast";
import { localized } from "~/shared/language";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { deleteCategory, listAdminCategories, toggleCategory, listAdminProducts } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { formatKD } from "~/shared/money";
import { readFormData } from "~/utils/form-data.server";
import { adminCategoryOverviewMessages } from "~/i18n/browser/areas/admin/category-overview";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The category and product pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminCategoryOverviewMessages;


export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const [language, t, categories, products] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    listAdminCategories(),
    listAdminProducts(),
  ]);
  return {
    title: t("admin.categories.title"),
    categories: categories.map((category) => ({
      id: category.id,
      name: localized(language, { en: category.nameEn, ar: category.nameAr }),
      iconImage: category.iconImage,
      isVisible: category.isVisible,
      productCount: category._count.products,
      products: products
        .filter((product) => product.categoryId === category.id)
        .map((product) => ({
          id: product.id,
          name: localized(language, { en: product.nameEn, ar: product.nameAr }),
          price: formatKD(product.priceFils, language),
          isVisible: product.isVisible,
        })),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const t = await i18nServer.getFixedT(request);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: CategoryActionSchema });
  if (submission.status !== "success") return data({ ok: false, message: t("admin.categories.updateFailed") }, { status: 400 });
  const { intent, categoryId } = submission.value;
  if (intent === "toggle") {
    const toggled = await toggleCategory(categoryId, admin);
    if (!toggled) return data({ ok: false, message: t("admin.categories.notFound") }, { status: 404 });
    return redirectWithToast(currentPage(request), { name: "categoryToggled" });
  }
  const result = await deleteCategory(categoryId, admin);
  if (result.ok) return redirectWithToast(currentPage(request), { name: "categoryDeleted" });
  if (result.reason === "notFound") return data({ ok: false, message: t("admin.categories.notFound") }, { status: 404 });
  return data(
    { ok: false, message: `${t("admin.categories.deleteFailed")} ${t("admin.categories.hasProducts", { count: result.productCount })}` },
    { status: 409 },
  );
}

export default function CategoriesView() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.categories.title")}</h1>
      {actionData ? <Toast message={actionData.message} kind="error" durationMs={4000} /> : null}
      <p>
        <Link to="/admin/timsar/categories/new" className="button button--primary">
          {t("admin.products.addCategory")}
        </Link>
      </p>
      {categories.length === 0 ? <p className="admin-empty">{t("admin.categories.empty")}</p> : null}
      <ul className="admin-category-list">
        {categories.map((category) => (
          <li key={category.id} className="admin-card admin-category" data-testid="category-card" data-category-id={category.id}>
            <div className="admin-category__head">
              <img src={category.iconImage} alt="" width={48} height={48} />
              <h2>{category.name}</h2>
              <span className={`admin-visibility admin-visibility--${category.isVisible ? "on" : "off"}`}>
                {category.isVisible ? t("admin.products.visible") : t("admin.products.hidden")}
              </span>
              <span className="admin-count">{t("admin.categories.productCount", { count: category.productCount })}</span>
            </div>
            <div className="admin-actions">
              <Link to={`/admin/timsar/categories/edit/${category.id}`} className="button button--secondary button--small">
                {t("admin.products.edit")}
              </Link>
              <Link to={`/admin/timsar/products/new?categoryId=${category.id}`} className="button button--secondary button--small">
                {t("admin.products.addProduct")}
              </Link>
              <RowActions idField="categoryId" id={category.id} isVisible={category.isVisible} confirmDelete={t("admin.categories.confirmDelete")} />
            </div>
            <details className="admin-category__products">
              <summary>{t("admin.categories.products")}</summary>
              {category.products.length === 0 ? (
                <p>{t("admin.categories.noProducts")}</p>
              ) : (
                <ul>
                  {category.products.map((product) => (
                    <li key={product.id}>
                      <Link to={`/admin/timsar/products/edit/${product.id}`}>{product.name}</Link> · {product.price}
                      {product.isVisible ? null : ` · ${t("admin.products.hidden")}`}
                    </li>
                  ))}
                </ul>
              )}
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.categories.fetchFailed")} />;
}
