import admin from "../../public/locales/en/admin.json";
import common from "../../public/locales/en/common.json";
import insight from "../../public/locales/en/insight.json";
import kg from "../../public/locales/en/kg.json";
import table from "../../public/locales/en/table.json";

/** Every namespace of one language, for the server (the browser loads each apart: namespaces.ts). */
export default { common, table, kg, admin, insight };
