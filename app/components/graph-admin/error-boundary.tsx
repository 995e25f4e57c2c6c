import { Alert, Button, Stack, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The graph-administration pages' error boundary: an unknown graph, ontology or job (404), a
 * refused permission (403) or an unreachable platform, said plainly inside the admin layout,
 * with a way back to the graph dashboard.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("admin");
  let status = 500;
  let message = t("errors.failed");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      typeof error.data === "string" && error.data
        ? error.data
        : status === 404
          ? t("errors.notFound")
          : message;
  } else {
    console.error(error);
  }
  return (
    <Stack gap="md" maw={640} data-testid="graph-admin-error">
      <Title order={1} size="h2" c="brand">
        {status}
      </Title>
      <Alert color={status === 404 ? "yellow" : "red"} role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/graph/index" variant="light" w="fit-content">
        {t("errors.back")}
      </Button>
    </Stack>
  );
}
