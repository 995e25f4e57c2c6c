import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "~/components/charts/graph-chart";
import { boxGraphOption, type BoxNode } from "~/charts/graph-options";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { kgLinks } from "~/components/kg/styles";
import type { FlowDetail } from "@contract/kg";
import { getFixedT } from "~/i18next.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { publicGraph, requireGraphId } from "~/kg/graphs.server";
import { translate } from "~/i18n";
import { notFound } from "~/http/page.server";
import { platformFor } from "~/auth/platform.server";
import { listFlows, loadFlow } from "~/kg/reads.server";
import { DataTable } from "~/components/ui/data-table";

export const meta = titleMeta("nav.flowchart");
export const links = kgLinks;
export const handle = { name: "flowchart" };

const KIND_STYLE: Record<
  FlowDetail["steps"][number]["kind"],
  { shape: BoxNode["shape"]; color: string }
> = {
  start: { shape: "roundRect", color: "#2f9e44" },
  end: { shape: "roundRect", color: "#c92a2a" },
  decision: { shape: "diamond", color: "#f08c00" },
  task: { shape: "rect", color: "#4b70e0" },
};

/** Public (spec §6 whitelist): the operational flows of a graph, laid out in layers by the platform. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await platformFor(request);
  const kgId = requireGraphId(params.kgId);
  const [graph, flows] = await Promise.all([publicGraph(api, kgId), listFlows(api, kgId)]);
  const wanted = new URL(request.url).searchParams.get("flow");
  const chosen = wanted ? flows.results.find((f) => String(f.id) === wanted) : flows.results[0];
  if (wanted && !chosen) throw notFound(translate("zh", "kg:errors.flowNotFound"));
  if (!chosen) return data({ kgId, graph, flows: flows.results, flow: null, chart: null });

  const flow = await loadFlow(api, kgId, chosen.id);
  const t = await getFixedT(request, "kg");
  const box = boxGraphOption(
    {
      categories: (["start", "task", "decision", "end"] as const).map((k) => ({
        name: t(`flow.kinds.${k}`),
        color: KIND_STYLE[k].color,
      })),
      nodes: flow.steps.map((s) => ({
        id: String(s.id),
        name: s.name,
        x: s.x,
        y: s.y,
        width: s.width,
        height: s.height,
        shape: KIND_STYLE[s.kind].shape,
        color: KIND_STYLE[s.kind].color,
        category: t(`flow.kinds.${s.kind}`),
      })),
      links: flow.transitions.map((tr) => ({
        id: String(tr.id),
        source: String(tr.source),
        target: String(tr.target),
        label: tr.label,
      })),
    },
    flow,
    { legend: true },
  );
  return data({
    kgId,
    graph,
    flows: flows.results,
    flow,
    chart: await chartSpec(await chartScheme(request), box.option, box.width, box.height),
  });
}

export default function FlowChart() {
  const { kgId, graph, flows, flow, chart } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const steps = new Map(flow?.steps.map((s) => [s.id, s]) ?? []);
  return (
    <div className="kg-page" data-testid="flowchart-page">
      <PageTitle title={t("flow.title")} sub={graph.name} />
      {flows.length === 0 || !flow || !chart ? (
        <Section title={t("flow.title")}>
          <Empty>{t("flow.none")}</Empty>
        </Section>
      ) : (
        <>
          <nav
            className="segmented"
            aria-label={t("flow.pick")}
            data-testid="flow-picker"
            style={{ alignSelf: "flex-start", flexWrap: "wrap" }}
          >
            {flows.map((f) => (
              <Link
                key={f.id}
                to={`/${kgId}/flowchart?flow=${f.id}`}
                aria-current={f.id === flow.id ? "true" : undefined}
              >
                {f.name}
              </Link>
            ))}
          </nav>
          <Section
            title={flow.name}
            testId="flow-chart"
            extra={
              <span className="muted">
                {t("flow.size", { steps: flow.steps.length, transitions: flow.transitions.length })}
              </span>
            }
          >
            {flow.description && (
              <p style={{ marginTop: 0, color: "var(--kg-text-2)" }}>{flow.description}</p>
            )}
            <GraphChart
              spec={chart}
              label={flow.name}
              fixed
              fileName={`flow-${flow.name}`}
              testId="graph-chart"
            />
          </Section>
          <div className="kg-grid-2">
            <Section title={t("flow.steps", { count: flow.steps.length })} testId="flow-steps">
              <DataTable
                rows={flow.steps}
                rowKey={(s) => s.id}
                columns={[
                  { key: "step", header: t("flow.step"), cell: (s) => s.name },
                  {
                    key: "kind",
                    header: t("flow.kind"),
                    cell: (s) => (
                      <span
                        className="type-badge"
                        style={{ borderColor: KIND_STYLE[s.kind].color }}
                      >
                        {t(`flow.kinds.${s.kind}`)}
                      </span>
                    ),
                  },
                  { key: "actor", header: t("flow.actor"), cell: (s) => s.actor || "—" },
                  {
                    key: "description",
                    header: t("flow.description"),
                    cell: (s) => s.description || "—",
                    wrap: true,
                  },
                ]}
              />
            </Section>
            <Section title={t("flow.transitions", { count: flow.transitions.length })}>
              <ul className="event-links">
                {flow.transitions.map((tr) => (
                  <li key={tr.id}>
                    <span className="link-ends">
                      {steps.get(tr.source)?.name}{" "}
                      <span className="link-type lt-sequence">→ {tr.label || t("flow.next")}</span>{" "}
                      {steps.get(tr.target)?.name}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          </div>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
