import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/graph-admin/form-parts";
import { groupDigits } from "~/utils/format";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { Pager } from "~/components/ui/pager";
import { DataTable } from "~/components/ui/data-table";
import type { EntityNeighbour as Neighbour } from "@contract/graph-admin";
import { parseId } from "~/http/page.server";
import {
  entityNeighbourhood,
  graphCard,
  ontologyOrNull,
  searchEntities,
} from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { graphNotFound } from "~/kg/graphs.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data ? data.graph.name : "404");
export const links = graphAdminLinks;

const PAGE_SIZE = 20;

/** /graph/detail/:id?search=&class_id=&page=&entity=: search a graph's entities and open one's neighbourhood. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = parseId(params.id);
  if (id === null) throw graphNotFound();
  const q = new URL(request.url).searchParams;
  const search = (q.get("search") ?? "").trim().slice(0, 100);
  const classId = parseId(q.get("class_id"));
  const page = parseId(q.get("page")) ?? 1;
  const entityId = parseId(q.get("entity"));
  const graph = await graphCard(viewer.api, id);
  const [entities, neighbourhood, ontology] = await Promise.all([
    searchEntities(viewer.api, id, {
      search,
      class_id: classId ?? undefined,
      page,
      page_size: PAGE_SIZE,
    }),
    entityId ? entityNeighbourhood(viewer.api, id, entityId) : Promise.resolve(null),
    graph.ontology ? ontologyOrNull(viewer.api, graph.ontology.id) : Promise.resolve(null),
  ]);
  const classes = ontology?.classes.map((c) => ({ id: c.id, name: c.name, depth: c.depth })) ?? [];
  return data({ graph, entities, neighbourhood, classes, query: { search, classId, page } });
}

function NeighbourTable({
  rows,
  total,
  graphId,
  direction,
}: {
  rows: Neighbour[];
  total: number;
  graphId: number;
  direction: "out" | "in";
}) {
  const { t } = useTranslation("admin");
  const { search } = useLocation();
  const hrefOf = (entityId: number) => {
    const p = new URLSearchParams(search);
    p.set("entity", String(entityId));
    return `?${p}`;
  };
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {direction === "out" ? t("detail.outgoing") : t("detail.incoming")}（{groupDigits(total)}）
        {total > rows.length && (
          <Text span size="xs" c="dimmed">
            {t("detail.firstN", { count: rows.length })}
          </Text>
        )}
      </Text>
      {rows.length ? (
        <DataTable
          look="admin"
          frame={false}
          head={false}
          testId={`neighbours-${direction}`}
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { key: "predicate", header: null, width: 110 },
            {
              key: "entity",
              header: null,
              cell: (r) => (
                <>
                  <Link to={hrefOf(r.entity.id)}>{r.entity.name}</Link>{" "}
                  {r.entity.class && <span className="ga-chip muted">{r.entity.class}</span>}
                </>
              ),
            },
            { key: "confidence", header: null, numeric: true },
            {
              key: "relation",
              header: null,
              cell: (r) => (
                <Link to={`/relation/${r.id}?id=${graphId}`}>{t("detail.relationPage")}</Link>
              ),
            },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("detail.none")}
        </Text>
      )}
    </Stack>
  );
}

export default function GraphDetailPage() {
  const { graph, entities, neighbourhood, classes, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { search } = useLocation();
  const entityHref = (id: number) => {
    const p = new URLSearchParams(search);
    p.set("entity", String(id));
    return `?${p}`;
  };
  const n = neighbourhood;
  return (
    <Stack gap="md">
      <div className="ga-head">
        <Group gap="xs">
          <span className="domain-tag" data-domain={graph.domain}>
            {graph.domain_name}
          </span>
          <Title order={1} size="h3">
            {graph.name}
          </Title>
        </Group>
        <Group gap="md">
          <Link to={`/graph/relation/result?graph=${graph.id}`}>{t("graph.relationResults")}</Link>
          <Link to={`/?id=${graph.id}`}>{t("detail.publicHome")}</Link>
        </Group>
      </div>
      <Text size="sm" c="dimmed">
        {t("graph.countsFull", {
          entities: groupDigits(graph.counts.entities),
          relations: groupDigits(graph.counts.relations),
          events: groupDigits(graph.counts.events),
          articles: groupDigits(graph.counts.articles),
        })}
      </Text>
      <div className="ga-grid2" style={{ alignItems: "start" }}>
        <Paper withBorder p="md">
          <Form method="get" className="ga-form-row" data-testid="entity-search">
            <TextInput
              name="search"
              label={t("detail.search")}
              defaultValue={query.search}
              placeholder={t("detail.searchPlaceholder")}
            />
            <SelectField
              name="class_id"
              label={t("plan.class")}
              value={query.classId ?? ""}
              empty={t("detail.allClasses")}
              options={classes.map((c) => ({
                value: c.id,
                label: `${"\u3000".repeat(c.depth)}${c.name}`,
              }))}
            />
            <Button type="submit" variant="light">
              {t("detail.searchButton")}
            </Button>
          </Form>
          <div className="ga-scroll" style={{ marginTop: 12 }}>
            <DataTable
              look="admin"
              frame={false}
              testId="entity-table"
              rows={entities.results}
              rowKey={(e) => e.id}
              isCurrent={(e) => n?.entity.id === e.id}
              columns={[
                {
                  key: "name",
                  header: t("plan.entity"),
                  cell: (e) => (
                    <>
                      <Link to={entityHref(e.id)}>{e.name}</Link>
                      {e.aliases.length > 0 && (
                        <Text size="xs" c="dimmed">
                          {e.aliases.join("、")}
                        </Text>
                      )}
                    </>
                  ),
                },
                { key: "class", header: t("plan.class"), cell: (e) => e.class ?? "—" },
                {
                  key: "out",
                  header: t("detail.out"),
                  numeric: true,
                  cell: (e) => groupDigits(e.out_relations),
                },
                {
                  key: "in",
                  header: t("detail.in"),
                  numeric: true,
                  cell: (e) => groupDigits(e.in_relations),
                },
                {
                  key: "actions",
                  header: t("actions.title"),
                  cell: (e) => (
                    <Group gap={8} wrap="nowrap">
                      <Link to={`/${graph.id}/entity/${e.uuid}`}>{t("detail.entityPage")}</Link>
                      <Link to={`/relation/${e.uuid}?id=${graph.id}`}>
                        {t("detail.relationGraph")}
                      </Link>
                    </Group>
                  ),
                },
              ]}
            />
            {!entities.results.length && (
              <Text c="dimmed" p="sm" data-testid="entity-empty">
                {graph.counts.entities ? t("detail.noMatch") : t("detail.emptyGraph")}
              </Text>
            )}
          </div>
          <Pager
            page={query.page}
            pageSize={PAGE_SIZE}
            count={entities.count}
            sizes={[PAGE_SIZE]}
            drop={["entity"]}
          />
        </Paper>
        <Paper withBorder p="md" data-testid="neighbourhood">
          {n ? (
            <Stack gap="sm">
              <Group gap="xs">
                <Title order={2} size="h4">
                  {n.entity.name}
                </Title>
                {n.entity.class && <span className="ga-chip">{n.entity.class}</span>}
              </Group>
              {n.entity.aliases.length > 0 && (
                <Text size="sm">
                  {t("detail.aliases", { aliases: n.entity.aliases.join("、") })}
                </Text>
              )}
              {Object.keys(n.entity.properties).length > 0 && (
                <table className="ga-table">
                  <tbody>
                    {Object.entries(n.entity.properties).map(([k, v]) => (
                      <tr key={k}>
                        <th scope="row" style={{ width: 120 }}>
                          {k}
                        </th>
                        <td>{String(v)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <NeighbourTable
                rows={n.outgoing}
                total={n.out_total}
                graphId={graph.id}
                direction="out"
              />
              <NeighbourTable
                rows={n.incoming}
                total={n.in_total}
                graphId={graph.id}
                direction="in"
              />
              <Link to={`/relation/${n.entity.uuid}?id=${graph.id}`} className="ga-link">
                {t("detail.openRelationGraph")}
              </Link>
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              {t("detail.pickEntity")}
            </Text>
          )}
        </Paper>
      </div>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
