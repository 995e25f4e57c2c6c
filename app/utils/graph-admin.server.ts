import { data, redirect } from "@remix-run/node";
import { OWL_APPLY } from "~/components/graph-admin/owl-import";
import type {
  ActionError,
  Job,
  OntologyDetail,
  OntologySummary,
  OwlImportDiff,
  OwlPreview,
  SourceOptions,
} from "~/components/graph-admin/types";
import { getFixedT } from "~/i18next.server";
import { PlatformError, type PlatformClient } from "~/platform-client/client.server";
import { canAccess } from "~/utils/roles";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";

/**
 * The server half of the graph-administration screens (ontology, graphs, builds, jobs):
 * calls of the platform's /graphadmin and /jobs API, form parsing and the action plumbing
 * the route modules share, so each route stays parse → call → render.
 */

export const adminT = (request: Request) => getFixedT(request, "admin");

export const can = (viewer: Viewer, codename: string) => canAccess(viewer.roles, [codename]);

/** What the viewer may do on the ontology screens. */
export function ontologyRights(viewer: Viewer) {
  return {
    create: can(viewer, "kg__ontology__create"),
    update: can(viewer, "kg__ontology__update"),
    remove: can(viewer, "kg__ontology__delete"),
  };
}
export type OntologyRights = ReturnType<typeof ontologyRights>;

/** A positive integer from a path or query value, else null. */
export function idParam(raw: string | null | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The page's URL without the open row editor (?edit=): where a successful save returns. */
export function pageWithoutEditor(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  const q = url.searchParams.toString();
  return `${url.pathname.replace(/\.data$/, "")}${q ? `?${q}` : ""}`;
}

/** 404 as a thrown Response, rendered by the error boundary. */
export const notFoundPage = (message: string) =>
  new Response(message, { status: 404, statusText: "Not Found" });

/** Rethrows what is not the platform refusing (redirects, outages); returns the refusal. */
export function platformRefusal(e: unknown): PlatformError {
  if (e instanceof PlatformError) return e;
  throw e;
}

/** A loader's GET whose 404 becomes the page's 404. */
export async function getOr404<T>(
  api: PlatformClient,
  path: string,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  try {
    return await api.get<T>(path, query);
  } catch (e) {
    const err = platformRefusal(e);
    if (err.status === 404) throw notFoundPage(err.detail ?? "Not found");
    if (err.status === 403) throw new Response(err.detail ?? "Forbidden", { status: 403 });
    throw e;
  }
}

/** Form text fields as an object (for re-rendering what the user typed). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "csrf") out[k] = v;
  return out;
}

/**
 * Runs a platform call for an action: on success redirects (post/redirect/get) with a
 * flash message; on refusal returns the platform's message and field errors, with the
 * form's values, so the page shows them next to what the user typed.
 */
export async function mutate(
  viewer: Viewer,
  form: FormData,
  opts: {
    target: string;
    call: () => Promise<unknown>;
    success: string;
    redirectTo: string | ((result: unknown) => string);
  },
) {
  try {
    const result = await opts.call();
    flash(viewer.api.session, "success", opts.success);
    const to = typeof opts.redirectTo === "function" ? opts.redirectTo(result) : opts.redirectTo;
    return redirect(to, { headers: { "Set-Cookie": await commitSession(viewer.api.session) } });
  } catch (e) {
    const err = platformRefusal(e);
    const fieldErrors = (err.body?.errors ?? undefined) as Record<string, string[]> | undefined;
    return data<ActionError>(
      {
        error: err.detail ?? "操作失败，请联系系统管理员！",
        fieldErrors,
        target: opts.target,
        values: formValues(form),
      },
      { status: err.status },
    );
  }
}

export const badIntent = (intent: unknown) =>
  new Response(`未知操作：${String(intent)}`, { status: 400 });

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const checked = (form: FormData, name: string) =>
  form.get(name) === "on" || form.get(name) === "1" || form.get(name) === "true";
const idsOf = (form: FormData, name: string) =>
  form
    .getAll(name)
    .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number);

export async function listOntologies(api: PlatformClient) {
  return (await api.get<{ results: OntologySummary[] }>("/graphadmin/ontologies/")).results;
}

export const ontologyDetail = (api: PlatformClient, id: number) =>
  getOr404<OntologyDetail>(api, `/graphadmin/ontologies/${id}/`);

export const sourceOptions = (api: PlatformClient) =>
  api.get<SourceOptions>("/graphadmin/source-options/");

/**
 * The intents of the ontology editor (shared by /schema and /graph/schemaedit/:id): each
 * maps to one platform call. `back` is where the page returns after a success.
 */
export async function ontologyAction(
  viewer: Viewer,
  form: FormData,
  request: Request,
  back: string,
) {
  const t = await adminT(request);
  const api = viewer.api;
  const intent = text(form, "intent");
  const id = idParam(text(form, "id"));
  const classBody = () => ({
    name: text(form, "name"),
    parent_id: text(form, "parent_id") || null,
    is_place: checked(form, "is_place"),
    color: text(form, "color") === "#000000" ? "" : text(form, "color"),
    description: text(form, "description"),
  });
  const relationBody = () => ({
    name: text(form, "name"),
    domain_class_id: text(form, "domain_class_id") || null,
    range_class_id: text(form, "range_class_id") || null,
    description: text(form, "description"),
  });
  const eventBody = () => ({
    name: text(form, "name"),
    triggers: text(form, "triggers"),
    subject_role: text(form, "subject_role"),
    object_role: text(form, "object_role"),
    color: text(form, "color") === "#000000" ? "" : text(form, "color"),
    description: text(form, "description"),
  });
  const target = `${intent}:${id ?? "new"}`;
  const run = (
    call: () => Promise<unknown>,
    success: string,
    redirectTo: string | ((r: unknown) => string) = back,
  ) => mutate(viewer, form, { target, call, success, redirectTo });
  switch (intent) {
    case "createOntology":
      return run(
        () =>
          api.post("/graphadmin/ontologies/", {
            name: text(form, "name"),
            domain: text(form, "domain"),
            description: text(form, "description"),
            copy_from: text(form, "copy_from") || null,
          }),
        t("schema.saved"),
        (r) => `/schema?o=${(r as { id: number }).id}`,
      );
    case "updateOntology":
      return run(
        () =>
          api.patch(`/graphadmin/ontologies/${id}/`, {
            name: text(form, "name"),
            domain: text(form, "domain"),
            description: text(form, "description"),
          }),
        t("schema.saved"),
      );
    case "deleteOntology":
      return run(() => api.delete(`/graphadmin/ontologies/${id}/`), t("schema.deleted"), "/schema");
    case "createClass":
      return run(
        () => api.post(`/graphadmin/ontologies/${id}/classes/`, classBody()),
        t("schema.saved"),
      );
    case "updateClass":
      return run(() => api.patch(`/graphadmin/classes/${id}/`, classBody()), t("schema.saved"));
    case "deleteClass":
      return run(() => api.delete(`/graphadmin/classes/${id}/`), t("schema.deleted"));
    case "createProperty":
      return run(
        () =>
          api.post(`/graphadmin/classes/${id}/properties/`, {
            name: text(form, "name"),
            datatype: text(form, "datatype"),
            required: checked(form, "required"),
            description: text(form, "description"),
          }),
        t("schema.saved"),
      );
    case "deleteProperty":
      return run(() => api.delete(`/graphadmin/properties/${id}/`), t("schema.deleted"));
    case "createRelationType":
      return run(
        () => api.post(`/graphadmin/ontologies/${id}/relation-types/`, relationBody()),
        t("schema.saved"),
      );
    case "updateRelationType":
      return run(
        () => api.patch(`/graphadmin/relation-types/${id}/`, relationBody()),
        t("schema.saved"),
      );
    case "deleteRelationType":
      return run(() => api.delete(`/graphadmin/relation-types/${id}/`), t("schema.deleted"));
    case "createEventType":
      return run(
        () => api.post(`/graphadmin/ontologies/${id}/event-types/`, eventBody()),
        t("schema.saved"),
      );
    case "updateEventType":
      return run(() => api.patch(`/graphadmin/event-types/${id}/`, eventBody()), t("schema.saved"));
    case "deleteEventType":
      return run(() => api.delete(`/graphadmin/event-types/${id}/`), t("schema.deleted"));
    default:
      return null;
  }
}

/** The source choices of a build or update form, with a newly uploaded file stored first. */
export async function sourcesFromForm(api: PlatformClient, form: FormData) {
  const fileIds = idsOf(form, "file_ids");
  const upload = form.get("upload");
  if (upload && typeof upload !== "string" && upload.size > 0) {
    const multipart = new FormData();
    multipart.append("name", upload.name);
    multipart.append("description", "图谱构建上传");
    multipart.append("file", upload, upload.name);
    const stored = await api.call<{ id: number }>("POST", "/data/files/", { form: multipart });
    fileIds.push(stored.id);
  }
  return {
    file_ids: fileIds,
    source_ids: idsOf(form, "source_ids"),
    triple_graph_ids: idsOf(form, "triple_graph_ids"),
    all_triples: checked(form, "all_triples"),
  };
}

/**
 * The predicate mapping of a dry run's form: each `predicate` field (an IRI) with the
 * `relation_type` select that follows it; an empty choice leaves the predicate unmapped.
 */
export function predicateMapOf(form: FormData): Record<string, string> {
  const predicates = form.getAll("predicate");
  const types = form.getAll("relation_type");
  if (
    predicates.length !== types.length ||
    [...predicates, ...types].some((v) => typeof v !== "string")
  ) {
    throw new Response("谓词映射表单不完整", { status: 400 });
  }
  const map: Record<string, string> = {};
  predicates.forEach((iri, i) => {
    if (types[i]) map[iri as string] = types[i] as string;
  });
  return map;
}

/** An OWL file larger than this is not carried back in the page for the apply (it is chosen again). */
const OWL_CARRIED_CHARS = 512 * 1024;

/**
 * OWL import on the ontology page: the dry run answers the diff (with the file's text for the
 * apply form); the apply (`apply=1`) redirects with a message, or returns the platform's refusal.
 * The file is the upload, or the text the dry run's page carried back.
 */
export async function owlImportAction(
  viewer: Viewer,
  form: FormData,
  request: Request,
  ontologyId: number,
  back: string,
) {
  const t = await adminT(request);
  const upload = form.get("file");
  const carried = text(form, "owl_text");
  const file =
    upload && typeof upload !== "string" && upload.size > 0
      ? upload
      : carried
        ? new File([carried], text(form, "filename") || "ontology.ttl", { type: "text/turtle" })
        : null;
  const multipart = new FormData();
  if (file) multipart.append("file", file, file.name);
  const path = `/graphadmin/ontologies/${ontologyId}/import/`;
  // Only the intent is echoed back on a refusal, not the file's text.
  const echo = new FormData();
  echo.set("intent", text(form, "intent"));
  if (text(form, "intent") === OWL_APPLY) {
    multipart.append("apply", "1");
    return mutate(viewer, echo, {
      target: "owlImport",
      success: t("owl.applied"),
      redirectTo: back,
      call: () => viewer.api.call("POST", path, { form: multipart }),
    });
  }
  try {
    const diff = await viewer.api.call<OwlImportDiff>("POST", path, { form: multipart });
    const body = file ? await file.text() : "";
    const preview: OwlPreview = {
      diff,
      filename: file?.name ?? "",
      text: body.length <= OWL_CARRIED_CHARS ? body : null,
    };
    return data({ owlPreview: preview });
  } catch (e) {
    const err = platformRefusal(e);
    const fieldErrors = (err.body?.errors ?? undefined) as Record<string, string[]> | undefined;
    return data<ActionError>(
      { error: err.detail ?? "操作失败，请联系系统管理员！", fieldErrors, target: "owlImport" },
      { status: err.status },
    );
  }
}

export const formChecked = checked;
export const formText = text;

export async function getJob(api: PlatformClient, id: number, logPage = 1) {
  return getOr404<
    Job & {
      logs: {
        results: { id: number; at: string; level: string; message: string }[];
        count: number;
        page: number;
        page_size: number;
      };
    }
  >(api, `/jobs/${id}/`, { log_page: logPage, log_page_size: 20 });
}

/**
 * Relays the platform's job stream: reads its `event:`/`data:` blocks and sends each on
 * (`progress`, `log`, `done`); closes when the platform ends the stream. Returns the cleanup.
 */
export function followJobEvents(
  upstream: Response,
  send: (e: { event: string; data: string }) => void,
  close: () => void,
): () => void {
  const reader = upstream.body?.getReader();
  if (!reader) {
    close();
    return () => {};
  }
  let stopped = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          const lines: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) lines.push(line.slice(5).trimStart());
          }
          if (lines.length) send({ event, data: lines.join("\n") });
        }
      }
    } catch {
      // The browser went away or the platform stopped: either way the stream is over.
    }
    if (!stopped) close();
  })();
  return () => {
    stopped = true;
    void reader.cancel().catch(() => {});
  };
}
