import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ExpansionEdge } from "@contract/explore";
import {
  explore,
  exploreHref,
  EXPLORE_BUDGETS,
  exploreQuery,
  type ExploreState,
} from "~/kg/explore-state";
import type { MoreGroup, ViewNode } from "~/kg/explore.server";
import { entityHref, sourceHref } from "~/kg/links";
import { TypeBadge } from "./labels";
import { NumberSelect } from "~/components/ui/number-select";

/**
 * The exploration's parts beside its picture: the same nodes and relations as ordered lists,
 * every action a plain link (keyboard, screen reader, no JavaScript), and the budget form.
 */

/** "+N more (type, outgoing)": the words of a group's next batch. */
export function useMoreLabel() {
  const { t } = useTranslation("kg");
  return (g: Pick<MoreGroup, "rest" | "predicate" | "direction">) =>
    t(g.direction === "out" ? "explore.moreOut" : "explore.moreIn", {
      count: g.rest,
      type: g.predicate,
    });
}

export function NodeList({
  kgId,
  state,
  nodes,
  pin,
  entity,
}: {
  kgId: number;
  state: ExploreState;
  nodes: ViewNode[];
  pin: string;
  entity: string;
}) {
  const { t } = useTranslation("kg");
  const moreLabel = useMoreLabel();
  const names = new Map(nodes.map((n) => [n.uuid, n.name]));
  const go = (s: ExploreState) => exploreHref(kgId, s);
  return (
    <ol className="explore-nodes" data-testid="explore-nodes">
      {nodes.map((n) => (
        <li key={n.uuid} data-node={n.uuid}>
          <p className="explore-node">
            <Link to={entityHref(kgId, n.uuid)}>{n.name}</Link> <TypeBadge type={n.type} />
            {n.uuid === pin && <span className="explore-tag">{t("explore.pinned")}</span>}
            {n.collapsed && <span className="explore-tag">{t("explore.collapsed")}</span>}
            {n.via && (
              <span className="muted"> {t("explore.via", { name: names.get(n.via) ?? "" })}</span>
            )}
          </p>
          <div
            className="explore-actions"
            role="group"
            aria-label={t("explore.actionsFor", { name: n.name })}
          >
            {n.collapsed ? (
              <Link to={go(explore.unfold(state, n.uuid))}>{t("explore.unfold")}</Link>
            ) : n.expanded ? (
              <Link to={go(explore.collapse(state, n.uuid))}>{t("explore.collapse")}</Link>
            ) : (
              <Link to={go(explore.expand(state, n.uuid))}>{t("explore.expand")}</Link>
            )}
            {n.more.map((g) => (
              <Link
                key={`${g.type}~${g.direction}`}
                to={go(explore.more(state, n.uuid, g.type, g.direction))}
                data-testid="explore-more"
              >
                {moreLabel(g)}
              </Link>
            ))}
            {n.uuid !== pin && <Link to={go(explore.pin(state, n.uuid))}>{t("explore.pin")}</Link>}
            {n.uuid !== entity && (
              <Link to={go(explore.hide(state, n.uuid))}>{t("explore.hide")}</Link>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function EdgeList({
  kgId,
  edges,
  names,
}: {
  kgId: number;
  edges: ExpansionEdge[];
  names: Map<string, string>;
}) {
  const { t } = useTranslation("kg");
  return (
    <ol className="explore-edges" data-testid="explore-edges">
      {edges.map((e) => {
        const href = sourceHref(kgId, e);
        return (
          <li key={e.id}>
            {names.get(e.source)} <span className="predicate">{e.predicate}</span>{" "}
            <span aria-hidden>→</span>
            <span className="visually-hidden">{t("explore.to")}</span> {names.get(e.target)}
            {href && (
              <>
                {" · "}
                <Link to={href}>{t("explore.source")}</Link>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The view's budget: a GET form carrying the rest of the state (the steps already taken). */
export function BudgetForm({ state }: { state: ExploreState }) {
  const { t } = useTranslation("kg");
  const rest = [...new URLSearchParams(exploreQuery({ ...state, budget: 25 }))];
  const options = (EXPLORE_BUDGETS as readonly number[]).includes(state.budget)
    ? EXPLORE_BUDGETS
    : [...EXPLORE_BUDGETS, state.budget].sort((a, b) => a - b);
  return (
    <Form method="get" className="kg-form" data-testid="explore-budget">
      {rest.map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <NumberSelect
        label={t("explore.budget")}
        name="budget"
        options={options}
        value={state.budget}
      />
      <button type="submit">{t("explore.apply")}</button>
    </Form>
  );
}
