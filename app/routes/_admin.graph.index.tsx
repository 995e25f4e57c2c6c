import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JobStatusBadge } from "~/components/graph-admin/job-status";
import { groupDigits } from "~/utils/format";
import { RelativeTime } from "~/components/ui/relative-time";
import { RecentJobs } from "~/components/graph-admin/job-list";
import { ExportForm } from "~/components/interchange/export-form";
import { interchangeLinks } from "~/components/interchange/links";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { listGraphCards, listJobs } from "~/graph-admin/graphs.server";
import { can } from "~/graph-admin/actions.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { DataTable } from "~/components/ui/data-table";

export const meta = titleMeta("nav.graphIndex");
export const links = () => [...graphAdminLinks(), ...interchangeLinks()];

const GRAPH_KINDS = "graph.build,graph.update,graph.plan";

/** The graph dashboard: every graph with domain, ontology, counts and last build; recent jobs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const [graphs, jobs] = await Promise.all([
    listGraphCards(viewer.api),
    listJobs(viewer.api, { kind: GRAPH_KINDS, page_size: 8 }),
  ]);
  return data({
    graphs,
    jobs,
    may: {
      create: can(viewer, "kg__graph__create"),
      update: can(viewer, "kg__graph__update"),
      ontology: can(viewer, "kg__ontology__update"),
      ontologyRead: can(viewer, "kg__ontology__read"),
    },
  });
}

export default function GraphDashboard() {
  const { graphs, jobs, may } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  return (
    <Stack gap="md">
      <div className="ga-head">
        <Title order={1} size="h3">
          {t("graph.dashboard")}
        </Title>
        {may.create && (
          <Button component={Link} to="/graph/create" data-testid="new-graph">
            {t("graph.create")}
          </Button>
        )}
      </div>
      <Paper withBorder p={0}>
        <DataTable
          look="admin"
          testId="graph-table"
          rows={graphs}
          rowKey={(g) => g.id}
          rowTestId={(g) => `graph-row-${g.id}`}
          columns={[
            { key: "id", header: "ID" },
            {
              key: "name",
              header: t("graph.graph"),
              cell: (g) => (
                <>
                  <Group gap={6} wrap="nowrap">
                    <span className="domain-tag" data-domain={g.domain}>
                      {g.domain_name}
                    </span>
                    <Link to={`/graph/detail/${g.id}`}>{g.name}</Link>
                  </Group>
                  {g.description && (
                    <Text size="xs" c="dimmed">
                      {g.description}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: "ontology",
              header: t("graph.ontology"),
              cell: (g) =>
                g.ontology?.name ?? <span className="ga-muted">{t("graph.noOntology")}</span>,
            },
            {
              key: "entities",
              header: t("graph.entities"),
              numeric: true,
              cell: (g) => groupDigits(g.counts.entities),
            },
            {
              key: "relations",
              header: t("graph.relations"),
              numeric: true,
              cell: (g) => groupDigits(g.counts.relations),
            },
            {
              key: "events",
              header: t("graph.events"),
              numeric: true,
              cell: (g) => groupDigits(g.counts.events),
            },
            {
              key: "articles",
              header: t("graph.articles"),
              numeric: true,
              cell: (g) => groupDigits(g.counts.articles),
            },
            {
              key: "last_build",
              header: t("graph.lastBuild"),
              cell: (g) => (
                <>
                  {g.last_build ? (
                    <Stack gap={2}>
                      <Group gap={6} wrap="nowrap">
                        <JobStatusBadge status={g.last_build.status} />
                        <Link to={`/jobs/${g.last_build.id}`}>
                          {g.last_build.kind_label ||
                            t(`job.kinds.${g.last_build.kind}`, {
                              defaultValue: g.last_build.kind,
                            })}{" "}
                          #{g.last_build.id}
                        </Link>
                      </Group>
                      <Text size="xs" c="dimmed">
                        <RelativeTime value={g.last_build.finished_at ?? g.last_build.created_at} />
                      </Text>
                    </Stack>
                  ) : (
                    <span className="ga-muted">{t("graph.neverBuilt")}</span>
                  )}
                </>
              ),
            },
            {
              key: "actions",
              header: t("actions.title"),
              cell: (g) => (
                <>
                  <div className="ga-actions">
                    <Link to={`/graph/detail/${g.id}`}>{t("graph.browse")}</Link>
                    <Link to={`/graph/relation/result?graph=${g.id}`}>
                      {t("graph.relationResults")}
                    </Link>
                    {may.update && <Link to={`/graph/create/${g.id}`}>{t("graph.rebuild")}</Link>}
                    {may.update && (
                      <Link to={`/graph/increased/${g.id}`}>{t("graph.increase")}</Link>
                    )}
                    {may.ontology && (
                      <Link to={`/graph/schemaedit/${g.id}`}>{t("graph.editOntology")}</Link>
                    )}
                    {may.ontologyRead && g.ontology && (
                      <a href={`/schema/owl/${g.ontology.id}`} download data-testid={`owl-${g.id}`}>
                        {tc("interchange.owl")}
                      </a>
                    )}
                  </div>
                  <ExportForm
                    kgId={g.id}
                    testId={`export-${g.id}`}
                    label={tc("interchange.exportGraph")}
                    formLabel={tc("interchange.exportGraphNamed", { name: g.name })}
                  />
                </>
              ),
            },
          ]}
        />
        {!graphs.length && (
          <Text c="dimmed" p="md">
            {t("graph.empty")}
          </Text>
        )}
      </Paper>
      <RecentJobs title={t("job.recent")} jobs={jobs} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
