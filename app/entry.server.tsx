import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getLanguage } from "./i18n/i18next.server";
import { I18nProvider } from "./i18n/react";
import { resources } from "./i18n/resources";
import { NonceContext } from "./utils/nonce";
import { ShopStylesContext } from "./utils/shop-styles";
import { shopStylesText } from "./utils/shop-styles.server";
import { redactText } from "./utils/redact";

export const streamTimeout = 5_000;

/**
 * Remix logs every error by default, a 405 for a method no route serves or a 404 for an unknown URL too, each with a
 * stack trace. Those are the client's mistakes and already answered; only what is the server's fault reaches stderr,
 * so a stack trace there always means a bug.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  process.stderr.write(`${cause instanceof Error ? (cause.stack ?? cause.message) : JSON.stringify(cause)}\n`);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  const nonce = loadContext.cspNonce;
  // Crawlers and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ShopStylesContext.Provider value={shopStylesText()}>
          <I18nProvider language={language} messages={resources[language].translation}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </I18nProvider>
        </ShopStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the ErrorBoundary; log them once here for the operator.
          if (shellRendered) process.stderr.write(`render error: ${redactText(String(error))}\n`);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
