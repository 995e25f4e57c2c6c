import admin from "../../public/locales/en/admin.json";
import common from "../../public/locales/en/common.json";
import insight from "../../public/locales/en/insight.json";
import kg from "../../public/locales/en/kg.json";
import table from "../../public/locales/en/table.json";

/** Every namespace of one language: the browser loads only its user's (see entry.client.tsx). */
export default { common, table, kg, admin, insight };
