import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * An insight page's error boundary: the status, the platform's own message (模型不存在,
 * 实体不存在, 知识图谱不存在…) and the way back to the list the page belongs to.
 */
export function insightErrorBoundary(back: { to: string; label: string }) {
  return function InsightErrorBoundary() {
    const error = useRouteError();
    const { t } = useTranslation();
    const { t: ti } = useTranslation("insight");
    const status = isRouteErrorResponse(error) ? error.status : 500;
    if (!isRouteErrorResponse(error)) console.error(error);
    const detail =
      isRouteErrorResponse(error) && typeof error.data === "string" && error.data
        ? error.data
        : null;
    const text =
      detail ??
      (status === 404
        ? t("notFound")
        : status === 403
          ? t("forbidden")
          : status === 503
            ? t("serviceError")
            : t("operationFailed"));
    return (
      <Center mih="60vh" p="xl">
        <Stack align="center" gap="md">
          <Title order={1} c="brand" fz={72} data-testid="error-status">
            {status}
          </Title>
          <Text size="lg" ta="center" data-testid="error-message">
            {text}
          </Text>
          <Group>
            <Button component={Link} to={back.to} variant="filled" data-testid="error-back">
              {ti(back.label)}
            </Button>
            <Button component={Link} to="/dashboard" variant="light">
              {t("backHome")}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  };
}
