import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NavIcon } from "~/components/nav-icon";
import { filterNav } from "~/navigation";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.dashboard");
export const handle = { name: "dashboard" };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const shortcuts = filterNav(viewer.roles)
    .flatMap((i) => (i.children ? i.children : [i]))
    .filter((i) => !i.hidden && !i.path.includes(":") && i.path !== "/dashboard");
  return data({ username: viewer.info.username, roles: viewer.roles, shortcuts });
}

export default function Dashboard() {
  const { username, roles, shortcuts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <Title order={1} size="h3">
          {t("dashboard.welcome", { name: username })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("dashboard.intro")}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {shortcuts.map((s) => (
          <Paper
            key={s.path}
            component={Link}
            to={s.path}
            p="md"
            withBorder
            style={{ textDecoration: "none" }}
          >
            <Group gap="sm">
              <NavIcon name={s.icon} size={22} />
              <Text fw={500}>{t(s.title)}</Text>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper p="md" withBorder>
        <Text fw={500} mb="xs">
          {t("dashboard.yourRoles")}
        </Text>
        <Group gap={6}>
          {roles.map((r) => (
            <Badge key={r} variant="light">
              {r}
            </Badge>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}
