import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Center } from "@mantine/core/esm/components/Center/Center.mjs";
import { Group } from "@mantine/core/esm/components/Group/Group.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Main, SkipLink, useInsideMain } from "../layout/main-landmark";

export interface ErrorPageProps {
  status: number;
  /** The platform's own message (模型不存在…); without one the status is worded in the page's language. */
  message?: string;
  /** A way back to the list the page belongs to, besides the way home. */
  back?: { to: string; label: string };
  testId?: string;
}

/** The page of a thrown status (404, 403, 503, anything else) with a way back. */
export function ErrorPage({ status, message, back, testId }: ErrorPageProps) {
  const { t } = useTranslation();
  const insideMain = useInsideMain();
  const text =
    status === 503
      ? t("serviceError")
      : message ||
        (status === 404 ? t("notFound") : status === 403 ? t("forbidden") : t("operationFailed"));
  const page = (
    <Center mih="60vh" p="xl" data-testid={testId}>
      <Stack align="center" gap="md">
        <Title order={1} c="brand" fz={72} data-testid="error-status">
          {status}
        </Title>
        <Text size="lg" ta="center" data-testid="error-message" role="alert">
          {text}
        </Text>
        <Group justify="center">
          {back && (
            <Button component={Link} to={back.to} variant="filled" data-testid="error-back">
              {back.label}
            </Button>
          )}
          <Button component={Link} to="/" variant="light">
            {t("backHome")}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
  // In a layout the page is already in its <main>; alone (404, the root boundary) it is a page of its own.
  if (insideMain) return page;
  return (
    <>
      <SkipLink />
      <Main>{page}</Main>
    </>
  );
}
