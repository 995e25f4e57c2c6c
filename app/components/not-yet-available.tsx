import { Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A screen a later piece of work builds: says so plainly, shows no fake data. */
export function NotYetAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Paper p="xl" withBorder data-testid="not-yet-available">
      <Title order={3} mb="sm">
        {t(title)}
      </Title>
      <Text c="dimmed">{t("notYetAvailable")}</Text>
    </Paper>
  );
}

export function placeholderPage(title: string) {
  return function Placeholder() {
    return <NotYetAvailable title={title} />;
  };
}
