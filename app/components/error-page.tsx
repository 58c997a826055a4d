import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { ShopFace } from "~/models/shop/index.server";
import { ServerHtml } from "~/utils/server-html";

/** Bilingual 404 and error pages; the language comes from the same cookie as every other page. */
export function ErrorPage({ kind }: { kind: "notFound" | "error" }) {
  const { t } = useTranslation();
  const title = kind === "notFound" ? t("errors.notFoundTitle") : t("errors.errorTitle");
  // The owner's name for the shop from the root loader; without it (the root's own error) the title stands alone.
  const shopName = (useRouteLoaderData("root") as { shop?: ShopFace } | undefined)?.shop?.name;
  return (
    <section className="error-page" data-testid={kind === "notFound" ? "not-found" : "error-page"}>
      <title>{shopName ? `${title} | ${shopName}` : title}</title>
      <h1>{title}</h1>
      <p>{kind === "notFound" ? t("errors.notFoundBody") : t("errors.errorBody")}</p>
      {/* The reference finds a failed request's log lines; a page that does not exist is no failure to report. */}
      {kind === "error" ? <ServerHtml id="request-reference" as="p" /> : null}
      <Link to="/" className="button button--primary">
        {t("errors.backHome")}
      </Link>
    </section>
  );
}
