import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import IconKey from "@tabler/icons-react/dist/esm/icons/IconKey.mjs";
import { useTranslation } from "react-i18next";
import { DomainTag } from "~/components/layout/public-header";
import { NavIcon } from "~/components/nav-icon";
import { filterNav } from "~/navigation";
import { PASSWORD_PATH, requireViewer } from "~/auth/guard.server";
import { loadGraphs } from "~/kg/graphs.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.dashboard");
export const handle = { name: "dashboard" };

/**
 * What the viewer can open: the admin pages their roles give (none for a visitor), the graphs
 * the platform lets them browse, and their own account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const shortcuts = filterNav(viewer.roles)
    .flatMap((i) => (i.children ? i.children : [i]))
    .filter((i) => !i.hidden && !i.path.includes(":") && i.path !== "/dashboard");
  const graphs = await loadGraphs(viewer.api);
  return data({
    account: {
      username: viewer.info.username,
      email: viewer.info.email,
      groups: viewer.info.groups.map((g) => g.name),
    },
    passwordPath: PASSWORD_PATH,
    shortcuts,
    graphs,
  });
}

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Paper p="md" withBorder component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export default function Dashboard() {
  const { account, passwordPath, shortcuts, graphs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <Title order={1} size="h3">
          {t("dashboard.welcome", { name: account.username })}
        </Title>
        <Text c="dimmed" mt={4}>
          {shortcuts.length ? t("dashboard.intro") : t("dashboard.introBrowse")}
        </Text>
      </Paper>
      {shortcuts.length > 0 && (
        <div className="kg-grid sm-2 md-4" data-testid="dashboard-shortcuts">
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
        </div>
      )}
      <div className="kg-grid md-2">
        <Section title={t("dashboard.graphs")} testId="dashboard-graphs">
          {graphs.length ? (
            <Stack gap={6} component="ul" className="dashboard-list">
              {graphs.map((g) => (
                <li key={g.id}>
                  <DomainTag domain={g.domain} /> <Link to={`/?id=${g.id}`}>{g.name}</Link>
                </li>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              {t("dashboard.noGraphs")}
            </Text>
          )}
        </Section>
        <Section title={t("dashboard.account")} testId="dashboard-account">
          <dl className="dashboard-account">
            <dt>{t("dashboard.username")}</dt>
            <dd>{account.username}</dd>
            <dt>{t("dashboard.email")}</dt>
            <dd>{account.email || "—"}</dd>
            <dt>{t("dashboard.groups")}</dt>
            <dd>{account.groups.length ? account.groups.join("、") : "—"}</dd>
          </dl>
          <Button
            component={Link}
            to={passwordPath}
            variant="light"
            mt="sm"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            {t("nav.password")}
          </Button>
        </Section>
      </div>
    </Stack>
  );
}
