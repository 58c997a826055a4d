import { isRouteErrorResponse, useParams, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "~/components/error-page";

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

const errorPage = () => <ErrorPage kind="error" />;

/**
 * Every route's `ErrorBoundary`: a thrown response is shown by its status's handler (else `defaultStatusHandler`),
 * anything else by `unexpectedErrorHandler`. Both default to the shop's error page, so a route passes only what
 * differs, such as its 404 page.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = errorPage,
  unexpectedErrorHandler = errorPage,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error)) return <>{unexpectedErrorHandler(error)}</>;
  return <>{(statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params })}</>;
}
