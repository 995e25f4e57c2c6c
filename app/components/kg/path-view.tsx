import { Autocomplete } from "@mantine/core";
import { Form, Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EntityPath, EntityRef, PathEdge } from "@contract/kg";
import { articleHref } from "~/kg/links";
import { withParams } from "~/utils/url";
import { EntityChip, TypeBadge } from "./labels";

/** The path page's parts: a picker per end, and the paths listed hop by hop with their evidence. */

interface Choice {
  uuid: string;
  name: string;
  type: string | null;
  color?: string;
}

/** What the no-JavaScript picker forms carry along, so a search keeps the rest of the page. */
export interface PickerState {
  from: string | null;
  to: string | null;
  hops: string;
  k: string;
  direction: string;
  types: number[];
}

const chipOf = (c: Choice): EntityRef => ({ ...c, type_id: null });
const optionLabel = (c: Choice) => (c.type ? `${c.name} · ${c.type}` : c.name);

/**
 * One end of the path: the chosen entity, and a search for another. Without JavaScript a
 * GET form (?fromq=) lists matching entities as links that fill this end; with it, the same
 * field suggests entities as one types (from `suggestHref`) and a choice fills the end.
 */
export function EntityPicker({
  kgId,
  end,
  chosen,
  query,
  results,
  state,
  suggestHref,
}: {
  kgId: number;
  end: "from" | "to";
  chosen: Choice | null;
  query: string | null;
  results: Choice[] | null;
  state: PickerState;
  suggestHref: string;
}) {
  const { t } = useTranslation("kg");
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ results: Choice[] }>();
  const [text, setText] = useState(query ?? "");
  // Suggestions once the person types (the text a search came back with needs none).
  const [typed, setTyped] = useState(false);
  const param = `${end}q`;
  const fill = (uuid: string) => withParams(pathname, search, { [end]: uuid, [param]: undefined });
  useEffect(() => {
    const q = text.trim();
    if (!typed || !q) return;
    const timer = setTimeout(() => fetcher.load(`${suggestHref}?q=${encodeURIComponent(q)}`), 200);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough for this; re-running on it would refetch every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, typed, suggestHref]);
  const suggestions = useMemo(() => fetcher.data?.results ?? [], [fetcher.data]);
  const byLabel = new Map(suggestions.map((c) => [optionLabel(c), c.uuid]));
  const label = end === "from" ? t("path.from") : t("path.to");
  return (
    <div className="path-end" data-testid={`picker-${end}`}>
      <p className="path-chosen">
        <span className="path-end-label">{label}</span>{" "}
        {chosen ? (
          <EntityChip kgId={kgId} entity={chipOf(chosen)} />
        ) : (
          <span className="muted">{t("path.none")}</span>
        )}
      </p>
      <Form method="get" className="kg-form" role="search" aria-label={label}>
        {Object.entries(state).map(([name, value]) => {
          if (name === end || value === null) return null;
          return Array.isArray(value) ? (
            value.map((v) => <input key={`${name}${v}`} type="hidden" name={name} value={v} />)
          ) : (
            <input key={name} type="hidden" name={name} value={value} />
          );
        })}
        {chosen && <input type="hidden" name={end} value={chosen.uuid} />}
        <Autocomplete
          name={param}
          label={t("path.searchEntity")}
          value={text}
          onChange={(value) => {
            setText(value);
            setTyped(true);
          }}
          data={[...byLabel.keys()]}
          filter={({ options }) => options}
          onOptionSubmit={(value) => {
            const uuid = byLabel.get(value);
            if (uuid) navigate(fill(uuid));
          }}
          maxLength={100}
          autoComplete="off"
          comboboxProps={{ withinPortal: true }}
          className="path-search"
        />
        <button type="submit">{t("common.search")}</button>
      </Form>
      {results && (
        <div className="path-results" data-testid={`results-${end}`}>
          {results.length === 0 ? (
            <p className="muted">{t("path.noMatch", { query })}</p>
          ) : (
            <ul>
              {results.map((r) => (
                <li key={r.uuid}>
                  <Link to={fill(r.uuid)}>
                    {t(end === "from" ? "path.useAsFrom" : "path.useAsTo", { name: r.name })}
                  </Link>{" "}
                  <TypeBadge type={r.type} color={r.color} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function Evidence({ kgId, edge }: { kgId: number; edge: PathEdge }) {
  const { t } = useTranslation("kg");
  if (!edge.article) return <p className="muted path-no-source">{t("common.noSource")}</p>;
  return (
    <figure className="path-evidence">
      {edge.sentence && <blockquote className="quote">{edge.sentence}</blockquote>}
      <figcaption>
        <Link to={articleHref(kgId, edge.article.id)} data-testid="evidence-article">
          {t("path.article", { title: edge.article.title })}
        </Link>
      </figcaption>
    </figure>
  );
}

/** Every path as text: its entities in order, then each hop with its relations and evidence. */
export function PathList({
  kgId,
  paths,
  entities,
}: {
  kgId: number;
  paths: EntityPath[];
  entities: Choice[];
}) {
  const { t } = useTranslation("kg");
  const byId = new Map(entities.map((e) => [e.uuid, e]));
  const name = (uuid: string) => byId.get(uuid)?.name ?? uuid;
  return (
    <ol className="path-list" data-testid="path-list">
      {paths.map((p, i) => (
        <li key={p.nodes.join()} className="path-item">
          <h3>{t("path.pathTitle", { n: i + 1, count: p.length })}</h3>
          <p className="path-chain">
            {p.nodes.map((uuid, j) => (
              <span key={uuid}>
                {j > 0 && (
                  <span aria-hidden className="path-arrow">
                    →{" "}
                  </span>
                )}
                {byId.get(uuid) ? (
                  <EntityChip kgId={kgId} entity={chipOf(byId.get(uuid)!)} />
                ) : (
                  uuid
                )}
              </span>
            ))}
          </p>
          <ol className="path-hops">
            {p.hops.map((hop) => (
              <li key={`${hop.from}|${hop.to}`}>
                <p className="path-hop-title">
                  {t("path.hop", { from: name(hop.from), to: name(hop.to) })}
                </p>
                <ul className="path-edges">
                  {hop.edges.map((e) => (
                    <li key={e.id}>
                      <p className="link-ends">
                        <span>{name(e.source)}</span>
                        <span className="predicate">{e.predicate}</span>
                        <span>{name(e.target)}</span>
                        <span className="muted">
                          {t("relation.confidence")} {e.confidence.toFixed(2)}
                        </span>
                      </p>
                      <Evidence kgId={kgId} edge={e} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
