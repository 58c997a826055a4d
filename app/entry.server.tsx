import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { Language } from "./shared/language";
import { getLanguage } from "./i18n/i18next.server";
import { I18nProvider } from "./i18n/translation";
import { resources } from "./i18n/resources";
import { NonceContext } from "./utils/nonce";
import { ServerHtmlContext } from "./utils/server-html";
import { shopStylesText } from "./utils/shop-styles.server";
import { logger } from "./utils/logger.server";
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
  // In the request log's stream, with its id: the line a shopper's "reference" on the error page leads to.
  logger.error(
    { requestId: request.headers.get("x-request-id") ?? undefined, err: cause instanceof Error ? { type: cause.name, message: redactText(cause.message), stack: cause.stack } : redactText(JSON.stringify(cause)) },
    "server error",
  );
};

/** The error page's reference line as HTML; the id is the server's own or a proxy's checked one ([\w.:-] only). */
function referenceLine(request: Request, language: Language): string {
  const id = request.headers.get("x-request-id");
  return id ? resources[language].translation.pageTexts.errorReference.replace("{{id}}", `<code dir="ltr">${id}</code>`) : "";
}

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
    // Stops a render still running after the stream's time; a finished one clears it, or every page would leave a
    // timer whose abort, six seconds on, builds an error for a stream long ended.
    const stopLateRender = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerHtmlContext.Provider value={{ "shop-styles": shopStylesText(), "request-reference": referenceLine(request, language) }}>
          <I18nProvider language={language} messages={resources[language].translation}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </I18nProvider>
        </ServerHtmlContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          body.once("close", () => clearTimeout(stopLateRender));
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
          clearTimeout(stopLateRender);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the ErrorBoundary; log them once here for the operator.
          if (shellRendered) logger.error({ requestId: request.headers.get("x-request-id") ?? undefined, err: redactText(String(error)) }, "render error");
        },
      },
    );
  });
}
