import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SavedView } from "@contract/views";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { kgLinks } from "~/components/kg/styles";
import { CheckboxList } from "~/components/ui/checkbox-list";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { IntentForm } from "~/components/ui/intent-form";
import { RelativeTime } from "~/components/ui/relative-time";
import { requireViewer } from "~/auth/guard.server";
import { readForm } from "~/http/form.server";
import { getFixedT } from "~/i18next.server";
import { graphRequest, requireGraphId } from "~/kg/graphs.server";
import { loadViews, viewAction } from "~/kg/views.server";
import { loaderTitleMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = loaderTitleMeta;
export const links = kgLinks;

/**
 * Saved views of a graph (/{graph}/views): mine, with rename, share and delete as plain forms,
 * and those shared with my groups (read-only). A view opens at /{graph}/views/{id}.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, kgId, url } = await graphRequest(request, params);
  if ([...url.searchParams.keys()].length)
    throw new Response("", { status: 400, statusText: "Bad Request" });
  const [list, t] = await Promise.all([loadViews(viewer, kgId), getFixedT(request, "kg")]);
  return data({ kgId, title: t("views.title"), ...list });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const kgId = requireGraphId(params.kgId);
  return viewAction(request, viewer, kgId, form);
}

function ViewMeta({ v }: { v: SavedView }) {
  const { t } = useTranslation("kg");
  return (
    <p className="muted view-meta">
      {t(`views.kind.${v.kind}`)} · {t("views.by", { owner: v.owner.username })} ·{" "}
      {t("views.updated")} <RelativeTime value={v.updated_at} />
      {v.mine && (
        <>
          {" · "}
          {v.groups.length
            ? t("views.sharedTo", { groups: v.groups.map((g) => g.name).join("、") })
            : t("views.private")}
        </>
      )}
    </p>
  );
}

function OwnView({ v, groups }: { v: SavedView; groups: { id: number; name: string }[] }) {
  const { t } = useTranslation("kg");
  const options = [...groups];
  for (const g of v.groups) if (!options.some((o) => o.id === g.id)) options.push(g);
  return (
    <li className="view-item" data-testid="my-view">
      <Link to={`/${v.graph}/views/${v.id}`} className="view-name">
        {v.name}
      </Link>
      <ViewMeta v={v} />
      {/* Closed again after a change (keyed by it), as the page without JavaScript shows it. */}
      <details className="view-manage" key={v.updated_at}>
        <summary>{t("views.manage", { name: v.name })}</summary>
        <IntentForm intent="rename" className="kg-form" data-testid="rename-form">
          <input type="hidden" name="id" value={v.id} />
          <label>
            {t("views.name")}
            <input name="name" defaultValue={v.name} required maxLength={100} />
          </label>
          <button type="submit">{t("views.rename")}</button>
        </IntentForm>
        <IntentForm intent="share" className="kg-form" data-testid="share-form">
          <input type="hidden" name="id" value={v.id} />
          <fieldset>
            <legend>{t("views.shareWith")}</legend>
            {options.length ? (
              <CheckboxList
                name="groups"
                checked={v.groups.map((g) => g.id)}
                options={options.map((g) => ({ value: g.id, label: g.name }))}
              />
            ) : (
              <span className="muted">{t("views.noGroups")}</span>
            )}
          </fieldset>
          <button type="submit">{t("views.share")}</button>
        </IntentForm>
        <IntentForm
          intent="delete"
          fields={{ id: v.id }}
          className="kg-form"
          data-testid="delete-form"
        >
          <button type="submit" className="danger">
            {t("views.delete")}
          </button>
        </IntentForm>
      </details>
    </li>
  );
}

export default function ViewsPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  return (
    <div className="kg-page" data-testid="views-page">
      <PageTitle
        title={d.title}
        sub={<span>{t("views.intro")}</span>}
        actions={[{ to: `/${d.kgId}/path`, label: t("path.findPath") }]}
      />
      <Section title={t("views.mine")} testId="my-views">
        {d.mine.length ? (
          <ul className="view-list">
            {d.mine.map((v) => (
              <OwnView key={v.id} v={v} groups={d.groups} />
            ))}
          </ul>
        ) : (
          <Empty>{t("views.noneMine")}</Empty>
        )}
      </Section>
      <Section title={t("views.shared")} testId="shared-views">
        {d.shared.length ? (
          <ul className="view-list">
            {d.shared.map((v) => (
              <li key={v.id} className="view-item" data-testid="shared-view">
                <Link to={`/${v.graph}/views/${v.id}`} className="view-name">
                  {v.name}
                </Link>
                <ViewMeta v={v} />
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("views.noneShared")}</Empty>
        )}
      </Section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
