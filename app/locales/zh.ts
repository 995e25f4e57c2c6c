import admin from "../../public/locales/zh/admin.json";
import common from "../../public/locales/zh/common.json";
import insight from "../../public/locales/zh/insight.json";
import kg from "../../public/locales/zh/kg.json";
import table from "../../public/locales/zh/table.json";

/** Every namespace of one language: the browser loads only its user's (see entry.client.tsx). */
export default { common, table, kg, admin, insight };
