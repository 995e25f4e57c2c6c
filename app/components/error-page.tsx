import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Center } from "@mantine/core/esm/components/Center/Center.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The page for a thrown status: 404, 403, 503 or anything else, with a way back. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const text =
    status === 404
      ? t("notFound")
      : status === 403
        ? message || t("forbidden")
        : status === 503
          ? t("serviceError")
          : message || t("operationFailed");
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="md">
        <Title order={1} c="brand" fz={72} data-testid="error-status">
          {status}
        </Title>
        <Text size="lg" ta="center">
          {text}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t("backHome")}
        </Button>
      </Stack>
    </Center>
  );
}
