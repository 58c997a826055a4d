import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { parseWithZod, ProductActionSchema } from "~/shared/schemas.server";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { RowActions } from "~/components/admin/row-actions";
import { Toast } from "~/components/toast";
import { localized } from "~/shared/language";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { deleteProduct, listAdminProducts, onHandOf, optionTexts, optionValuesLabel, toggleProduct, listAdminCategories } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { formatKD } from "~/shared/money";
import { readFormData } from "~/utils/form-data.server";
import { adminProductMessages } from "~/i18n/browser/areas/admin/products";
import { adminCatalogueSheetMessages } from "~/i18n/browser/areas/admin/catalogue-sheet";
import { combinedAreas } from "~/i18n/area-messages";
import { BULK_FORM_ID, BulkChangeForm, SheetLinks } from "~/components/admin/catalogue-sheet-tools";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCount } from "~/shared/digits";

/** The product pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = combinedAreas(adminProductMessages, adminCatalogueSheetMessages);


export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const query = new URL(request.url).searchParams;
  const categoryId = query.get("categoryId") || null;
  // Anything but "low" lists every level: a hand-edited address still shows the page.
  const stock = query.get("stock") === "low" ? "low" : null;
  const [language, t, categories, products] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    listAdminCategories(),
    listAdminProducts({ categoryId, stock }),
  ]);
  return {
    title: t("admin.products.title"),
    categoryId,
    stock,
    categories: categories.map((category) => ({ id: category.id, name: localized(language, { en: category.nameEn, ar: category.nameAr }) })),
    products: products.map((product) => ({
      id: product.id,
      name: localized(language, { en: product.nameEn, ar: product.nameAr }),
      category: localized(language, { en: product.category.nameEn, ar: product.category.nameAr }),
      imageUrl: product.imageUrl,
      price: formatKD(product.priceFils, language),
      onHand: formatCount(onHandOf(product), language),
      held: formatCount(product.heldQuantity, language),
      threshold: formatCount(product.lowStockThreshold, language),
      isLow: product.isVisible && product.stockQuantity <= product.lowStockThreshold,
      isVisible: product.isVisible,
      // Each variant may be ticked on its own for the bulk change (issue 49).
      variants: product.hasOptions
        ? product.variants.map((variant) => ({
            id: variant.id,
            label: optionValuesLabel(optionTexts(variant.optionValues), language),
            price: formatKD(variant.priceFils, language),
            onHand: formatCount(variant.stockQuantity + variant.heldQuantity, language),
          }))
        : [],
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const t = await i18nServer.getFixedT(request);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: ProductActionSchema });
  if (submission.status !== "success") return data({ message: t("admin.products.updateFailed") }, { status: 400 });
  const { intent, productId } = submission.value;
  if (intent === "delete") {
    const deleted = await deleteProduct(productId, admin);
    if (deleted === "deleted") return redirectWithToast(currentPage(request), { name: "productDeleted" });
    if (deleted === "ordered") return data({ message: t("admin.products.ordered") }, { status: 409 });
    return data({ message: t("admin.products.notFound") }, { status: 404 });
  }
  const toggled = await toggleProduct(productId, admin);
  if (!toggled) return data({ message: t("admin.products.notFound") }, { status: 404 });
  return redirectWithToast(currentPage(request), { name: "productToggled" });
}

export default function ProductsHub() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page">
      <h1>{t("admin.products.title")}</h1>
      {actionData ? <Toast message={actionData.message} kind="error" durationMs={3500} /> : null}
      <ul className="admin-tiles admin-tiles--small">
        <li>
          <Link to="/admin/timsar/products/new" className="admin-tile">
            <span className="admin-tile__title">{t("admin.products.addProduct")}</span>
          </Link>
        </li>
        <li>
          <Link to="/admin/timsar/categories/new" className="admin-tile">
            <span className="admin-tile__title">{t("admin.products.addCategory")}</span>
          </Link>
        </li>
        <li>
          <Link to="/admin/timsar/categories/view" className="admin-tile">
            <span className="admin-tile__title">{t("admin.products.viewCategories")}</span>
          </Link>
        </li>
      </ul>
      <SheetLinks />
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="product-category">{t("admin.products.filter")}</label>
          <select id="product-category" name="categoryId" defaultValue={data.categoryId ?? ""}>
            <option value="">{t("admin.products.all")}</option>
            {data.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="product-stock">{t("admin.products.stock")}</label>
          <select id="product-stock" name="stock" defaultValue={data.stock ?? ""}>
            <option value="">{t("admin.products.allStock")}</option>
            <option value="low">{t("admin.products.lowStock")}</option>
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t("admin.products.show")}
        </button>
      </Form>
      {data.products.length === 0 ? (
        <p className="admin-empty">{data.stock === "low" ? t("admin.products.lowStockEmpty") : t("admin.products.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <BulkChangeForm />
          <table className="admin-table" data-testid="products-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.sheet.select")}</th>
                <th scope="col">{t("admin.products.image")}</th>
                <th scope="col">{t("admin.products.name")}</th>
                <th scope="col">{t("admin.products.category")}</th>
                <th scope="col">{t("admin.products.price")}</th>
                <th scope="col">{t("admin.products.onHand")}</th>
                <th scope="col">{t("admin.products.held")}</th>
                <th scope="col">{t("admin.products.lowStockThreshold")}</th>
                <th scope="col">{t("admin.products.visibility")}</th>
                <th scope="col">{t("admin.products.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <ProductRow key={product.id} product={product} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ProductRow({ product }: { product: ReturnType<typeof useLoaderData<typeof loader>>["products"][number] }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="product-row" data-product-id={product.id}>
      <td>
        <input type="checkbox" name="productIds" value={product.id} form={BULK_FORM_ID} aria-label={`${t("admin.sheet.select")} ${product.name}`} />
      </td>
      <td>
        <img src={product.imageUrl} alt="" width={56} height={56} loading="lazy" className="admin-thumb" />
      </td>
      <td>
        {product.name}
        {product.variants.length ? (
          <details className="bulk-variants">
            <summary>{t("admin.sheet.variants", { count: product.variants.length })}</summary>
            <ul>
              {product.variants.map((variant) => (
                <li key={variant.id}>
                  <label>
                    <input type="checkbox" name="variantIds" value={variant.id} form={BULK_FORM_ID} /> {variant.label} · <span className="admin-amount">{variant.price}</span> · {variant.onHand}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </td>
      <td>{product.category}</td>
      <td className="admin-amount" data-testid="price">
        {product.price}
      </td>
      <td data-testid="on-hand">{product.onHand}</td>
      <td data-testid="held">{product.held}</td>
      <td data-testid="threshold">
        {product.threshold}
        {product.isLow ? <span className="admin-visibility admin-low-stock">{t("admin.products.lowStockBadge")}</span> : null}
      </td>
      <td>
        <span className={`admin-visibility admin-visibility--${product.isVisible ? "on" : "off"}`}>
          {product.isVisible ? t("admin.products.visible") : t("admin.products.hidden")}
        </span>
      </td>
      <td className="admin-actions">
        <Link to={`/admin/timsar/products/edit/${product.id}`} className="button button--secondary button--small">
          {t("admin.products.edit")}
        </Link>
        <RowActions idField="productId" id={product.id} isVisible={product.isVisible} confirmDelete={t("admin.products.confirmDelete")} />
      </td>
    </tr>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.products.categoriesFailed")} />;
}
