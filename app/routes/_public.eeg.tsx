import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageTitle, Section } from "~/components/kg/page";
import { eventGraphChart, linkTypesFrom, loadEventGraph } from "~/kg/event-graph.server";
import { EventGraphView, LinkTypeFields } from "~/components/kg/event-graph-view";
import { eventGraphHref } from "~/kg/links";
import { kgLinks } from "~/components/kg/styles";
import { publicGraph } from "~/kg/graphs.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { intParam } from "~/kg/params.server";
import { platformFor } from "~/auth/platform.server";
import { activeGraph } from "~/preferences.server";
import { NumberSelect } from "~/components/ui/number-select";

export const meta = titleMeta("nav.eeg");
export const links = kgLinks;

const LIMITS = [50, 100, 200, 300] as const;

/** Public (spec §6 whitelist): a graph's causal event graph, its strongest event links, graph via ?id=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = await platformFor(request);
  const kgId = await activeGraph(request, params);
  const url = new URL(request.url);
  const types = linkTypesFrom(url);
  const limit = intParam(url, "limit", LIMITS, 100);
  const [info, graph] = await Promise.all([
    publicGraph(api, kgId),
    loadEventGraph(api, kgId, { types, limit }),
  ]);
  return data({
    kgId,
    info,
    graph,
    types,
    limit,
    chart: await eventGraphChart(request, kgId, graph, (id) => eventGraphHref(kgId, id, 2)),
  });
}

export default function CausalEventGraph() {
  const { kgId, info, graph, types, limit, chart } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  return (
    <div className="kg-page" data-testid="eeg-page">
      <PageTitle title={t("eventGraph.eegTitle")} sub={<span>{info.name}</span>} />
      <Section title={t("eventGraph.filter")}>
        <Form method="get" className="kg-form">
          <input type="hidden" name="id" value={kgId} />
          <LinkTypeFields checked={types} names={graph.link_types} />
          <NumberSelect label={t("eventGraph.limit")} name="limit" options={LIMITS} value={limit} />
          <button type="submit">{t("common.apply")}</button>
          {(types.length > 0 || limit !== 100) && (
            <Link to={`/eeg?id=${kgId}`} className="reset">
              {t("common.reset")}
            </Link>
          )}
        </Form>
      </Section>
      <EventGraphView
        {...{ kgId, graph, chart }}
        title={t("eventGraph.strongest")}
        eventLink={(id) => eventGraphHref(kgId, id, 2)}
      />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
