import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "./i18n/react";
import { WithRouteMessages } from "./i18n/route-messages";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { ErrorPage } from "./components/error-page";
import { PageToast } from "./components/page-toast";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./utils/nonce";
import { ServerHtml } from "./utils/server-html";
import { defaultLanguage, directionOf, type Language } from "./shared/language";
import { getLanguage } from "./i18n/i18next.server";
import { readVisitor } from "./auth/visitor.server";
import { browserMessagesUrl } from "./utils/browser-messages.server";
import { readToast } from "./cookies/toast.server";
import { getShopFace, type ShopFace } from "~/models/shop/index.server";
import type { PageToast as PageToastData } from "./shared/toast-messages";

// The shop's CSS is part of the document (<ServerHtml id="shop-styles" />), so that the first paint waits for no other file.
// The tab's icon is a PNG: an SVG icon is decoded as a whole SVG document on the page's main thread (decision 0036).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/images/icon-48.png" },
  { rel: "apple-touch-icon", href: "/images/icon-192.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The shared-page cache has read the visitor already when it files this page under them.
  const [language, visitor] = await Promise.all([getLanguage(request), context.visitor ?? readVisitor(request)]);
  // The footer's shop details, from the settings (cached with the catalogue, so a saved change shows at once).
  const shop = await getShopFace(language);
  // The one flash a form's answer left (decision 0049): read once here, shown by the layout, removed by `headers`.
  const { toast, headers } = readToast(request, language);
  return data({ language, ...visitor, messagesModule: browserMessagesUrl(language), toast, shop }, { headers });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

const PAGE_END_ID = "page-end";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const language: Language = data?.language ?? defaultLanguage;
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2185b" />
        <Meta />
        <ServerHtml id="shop-styles" as="style" />
        {/* With the CSS in the page nothing holds the first paint, and Chrome would paint a half-parsed page whose
            footer then grows and pushes the content up (CLS). Chrome waits for the element named here to be
            inserted, not finished, so it names the first element after the footer. */}
        {/* eslint-disable-next-line react/no-unknown-property -- `blocking` is HTML's render-blocking attribute, newer than the plugin's list */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        <Links />
        {data?.messagesModule ? <link rel="modulepreload" href={data.messagesModule} /> : null}
      </head>
      <body>
        <WithRouteMessages>
          <ShopShell
            cartCount={data?.cartCount ?? 0}
            isSignedIn={data?.isSignedIn ?? false}
            language={language}
            toast={data?.toast ?? null}
            shop={data?.shop ?? null}
          >
            {children}
          </ShopShell>
        </WithRouteMessages>
        <ScrollRestoration nonce={nonce} id={PAGE_END_ID} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function ShopShell({
  children,
  cartCount,
  isSignedIn,
  language,
  toast,
  shop,
}: {
  children: React.ReactNode;
  shop: ShopFace | null;
  cartCount: number;
  isSignedIn: boolean;
  language: Language;
  toast: PageToastData | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t("header.skipToContent")}
      </a>
      <Header
        cartCount={cartCount}
        isSignedIn={isSignedIn}
        language={language}
        currentPath={location.pathname + location.search}
        shopName={shop?.name ?? ""}
      />
      <main id="main-content" tabIndex={-1}>
        {children}
        {toast ? <PageToast key={toast.id} toast={toast} /> : null}
      </main>
      <Footer shop={shop} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage kind="notFound" /> }} />;
}
