import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "./error-page";

export interface ErrorBoundaryOptions {
  /** A way back to the list the page belongs to; `label` is an i18n key ("ns:key" or common). */
  back?: { to: string; label: string };
  testId?: string;
  /** Per status, the message to show instead of the default (the platform's detail or the status's words). */
  statusHandlers?: Record<number, (detail: string | undefined) => string>;
}

/**
 * The one error boundary of every page (a route exports `errorBoundary({...})` or
 * `GeneralErrorBoundary`): a thrown Response's status with the platform's own message when it
 * gave one, worded in the page's language otherwise; an unexpected error is a 500 and is logged
 * on the server, never shown.
 */
export function GeneralErrorBoundary({ back, testId, statusHandlers }: ErrorBoundaryOptions) {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return (
      <ErrorPage
        status={500}
        testId={testId}
        back={back && { to: back.to, label: t(back.label) }}
      />
    );
  }
  // The platform's detail comes in the page's language; the console's own refusals carry a
  // translation key (`kg:errors.graphNotFound`), worded here.
  const raw = typeof error.data === "string" && error.data ? error.data : undefined;
  const detail = raw && i18n.exists(raw) ? t(raw) : raw;
  const handler = statusHandlers?.[error.status];
  return (
    <ErrorPage
      status={error.status}
      message={handler ? handler(detail) : detail}
      testId={testId}
      back={back && { to: back.to, label: t(back.label) }}
    />
  );
}

/** A route's ErrorBoundary export with these options. */
export function errorBoundary(options: ErrorBoundaryOptions = {}) {
  return function ErrorBoundary() {
    return <GeneralErrorBoundary {...options} />;
  };
}
