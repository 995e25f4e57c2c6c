import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { PermissionPageData } from "~/table/data";
import { recordLock } from "~/table/locks";
import type { Row, TableSchema } from "~/table/types";
import { requireViewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { failureMessage, rethrowUnexpected, tableT } from "./platform.server";
import { readForm } from "~/http/form.server";

export const PERMISSION_PATH = "/backend/setting/permission";

/** The platform's resource of the permission page: the groups. */
const GROUPS = "common/groups";

const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/**
 * Access control (spec §2 "permission"): the groups, and for the chosen one its members
 * and a matrix of permission codenames, all from /api/common/groups/ and
 * /api/common/permissions/.
 */
export async function permissionLoader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const t = await tableT(request);
  const wanted = new URL(request.url).searchParams.get("group");
  const empty: PermissionPageData = {
    groups: [],
    group: null,
    users: [],
    permissions: [],
    canUpdate: false,
    lockedFields: [],
    error: null,
  };
  try {
    // The schema's options carry what the account rule lets this viewer change.
    const [schema, groups] = await Promise.all([
      resourcesApi.getSchema<TableSchema>(viewer.api, GROUPS),
      resourcesApi.getList<Row>(viewer.api, GROUPS, { page_size: 100, ordering: "name" }),
    ]);
    let chosen =
      groups.results.find((g) => String(g.id) === wanted) ??
      (wanted ? undefined : groups.results[0]);
    if (!chosen && wanted && /^\d+$/.test(wanted))
      chosen = await resourcesApi.getOne<Row>(viewer.api, GROUPS, wanted).catch(() => undefined);
    const lock = recordLock(schema, chosen?.id);
    return data<PermissionPageData>({
      groups: groups.results.map((g) => ({ id: Number(g.id), name: String(g.name) })),
      group: chosen
        ? {
            id: Number(chosen.id),
            name: String(chosen.name),
            members: list(chosen.members),
            permissions: list(chosen.permissions),
          }
        : null,
      users: (schema.select_options.members ?? []).map((o) => ({ ...o, key: String(o.key) })),
      permissions: schema.select_options.permissions ?? [],
      canUpdate: schema.permissions.update && !lock.all,
      lockedFields: lock.fields,
      ...(lock.all && schema.permissions.update ? { lockedMessage: t("actions.locked") } : {}),
      error: null,
    });
  } catch (e) {
    rethrowUnexpected(e);
    return data<PermissionPageData>({
      ...empty,
      error: failureMessage(t, "messages.listFailed", e),
    });
  }
}

/** Saves one group's members and permissions in one PATCH (the platform checks auth__group__update). */
export async function permissionAction({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const t = await tableT(request);
  if (form.get("intent") !== "save") throw data({ error: "unknown intent" }, { status: 400 });
  const id = String(form.get("group") ?? "");
  if (!/^\d+$/.test(id)) throw data({ error: "group must be an id" }, { status: 400 });
  const values = (name: string) => [...new Set(form.getAll(name).map(String).filter(Boolean))];
  // A field the account rule locked is not in the form (its inputs are disabled): not sent, so kept.
  const body = Object.fromEntries(
    ["members", "permissions"].filter((f) => form.has(f)).map((f) => [f, values(f)]),
  );
  try {
    await resourcesApi.update(viewer.api, GROUPS, id, body);
    flash(viewer.api.session, "success", t("messages.saveOk"));
  } catch (e) {
    rethrowUnexpected(e);
    flash(viewer.api.session, "error", failureMessage(t, "messages.saveFailed", e));
  }
  return redirect(`${PERMISSION_PATH}?group=${id}`, {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}
