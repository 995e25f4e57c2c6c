import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { JobView } from "~/components/graph-admin/job-view";
import type { ActionError, JobWithLogs, PlanMode } from "~/graph-admin/types";
import { adminT, can, formChecked, formText, mutate } from "~/graph-admin/actions.server";
import { predicateMapOf } from "~/graph-admin/ontology.server";
import { badIntent, notFound, parseId } from "~/http/page.server";
import { applyPlan, cancelJob, loadJob, replan } from "~/graph-admin/jobs.server";
import { jobPage } from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { readForm } from "~/http/form.server";
import { translate } from "~/i18n";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data ? `${data.job.kind_label} #${data.job.id}` : "404");
export const links = graphAdminLinks;

function jobId(raw: string | undefined) {
  const id = parseId(raw);
  if (id === null) throw notFound(translate("zh", "admin:errors.jobNotFound"));
  return id;
}

/** /jobs/:id?log_page=: one job with its progress, result and log (newest first). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = jobId(params.id);
  const logPage = parseId(new URL(request.url).searchParams.get("log_page")) ?? 1;
  const job = await loadJob(viewer.api, id, { log_page: logPage, log_page_size: 20 });
  // A dry run of a graph create is also its creator's to apply (the platform checks the same).
  const mayApply =
    can(viewer, "kg__graph__update") ||
    (planMode(job) === "create" && can(viewer, "kg__graph__create"));
  return data({ job, mayApply, mayCancel: true });
}

/** What applying a dry run does: "create" (build), "replace" (rebuild), else an update. */
function planMode(job: JobWithLogs): PlanMode | undefined {
  const mode = (job.result as { mode?: unknown } | null)?.mode;
  return mode === "create" || mode === "replace" ? mode : undefined;
}

/** Cancel the job; or, for a finished dry run, apply it or run it again with predicate mappings (a new job each). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const t = await adminT(request);
  const id = jobId(params.id);
  const intent = formText(form, "intent");
  if (intent === "cancel") {
    return mutate(viewer, form, {
      target: "cancel",
      success: t("job.cancelRequested"),
      redirectTo: `/jobs/${id}`,
      call: () => cancelJob(viewer.api, id),
    });
  }
  if (intent === "apply") {
    const job = await loadJob(viewer.api, id);
    const mode = planMode(job);
    return mutate(viewer, form, {
      target: "apply",
      success: t(
        mode === "create"
          ? "plan.applyQueuedCreate"
          : mode === "replace"
            ? "plan.applyQueuedReplace"
            : "plan.applyQueued",
      ),
      redirectTo: jobPage,
      call: () =>
        applyPlan(viewer.api, job.graph_id, {
          plan_job_id: id,
          skip_bad_rows: formChecked(form, "skip_bad_rows"),
        }),
    });
  }
  if (intent === "mapPredicates") {
    const job = await loadJob(viewer.api, id);
    const predicateMap = predicateMapOf(form);
    return mutate(viewer, form, {
      target: "mapPredicates",
      success: t("plan.queued"),
      redirectTo: jobPage,
      call: () =>
        replan(viewer.api, job.graph_id, { from_plan_job_id: id, predicate_map: predicateMap }),
    });
  }
  throw badIntent(intent);
}

export default function JobPage() {
  const { job, mayApply, mayCancel } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  return <JobView job={job} mayApply={mayApply} mayCancel={mayCancel} result={result} />;
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
