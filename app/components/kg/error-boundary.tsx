import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "../ui/error-page";

/**
 * The graph pages' error boundary: a thrown 404 (unknown graph, article, entity, event)
 * or 400 shows the error page with its way back, inside the page layout.
 */
export function KgErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
