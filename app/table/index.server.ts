/**
 * The server half of the generic table (issue 3): loaders and actions every table screen
 * shares, parameterised by the screen's key. A screen's route modules only name the screen:
 *
 *   export const loader = (args: LoaderFunctionArgs) => tableLoader("users", args);
 *
 * (an arrow defined in the route module, so the browser build drops it with its import).
 */
export { tableAction, tableLoader, FEATURE_FLAGS } from "./table.server";
export { formAction, formLoader, backToTable, tableUrl } from "./form.server";
export { bulkDeleteAction, bulkDeleteLoader, deleteAction, deleteLoader } from "./delete.server";
export { importAction, importLoader, MAX_IMPORT_BYTES } from "./import.server";
export { downloadLoader, exportAction, exportLoader } from "./export.server";
export { resetPasswordAction, resetPasswordLoader } from "./users.server";
export { permissionAction, permissionLoader, PERMISSION_PATH } from "./permission.server";
export { failureMessage, fetchList, fetchSchema } from "./platform.server";
