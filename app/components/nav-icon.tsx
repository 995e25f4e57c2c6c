import IconAdjustments from "@tabler/icons-react/dist/esm/icons/IconAdjustments.mjs";
import IconBolt from "@tabler/icons-react/dist/esm/icons/IconBolt.mjs";
import IconBug from "@tabler/icons-react/dist/esm/icons/IconBug.mjs";
import IconChartBar from "@tabler/icons-react/dist/esm/icons/IconChartBar.mjs";
import IconChartDots from "@tabler/icons-react/dist/esm/icons/IconChartDots.mjs";
import IconCircles from "@tabler/icons-react/dist/esm/icons/IconCircles.mjs";
import IconCpu from "@tabler/icons-react/dist/esm/icons/IconCpu.mjs";
import IconDashboard from "@tabler/icons-react/dist/esm/icons/IconDashboard.mjs";
import IconDatabase from "@tabler/icons-react/dist/esm/icons/IconDatabase.mjs";
import IconEdit from "@tabler/icons-react/dist/esm/icons/IconEdit.mjs";
import IconFile from "@tabler/icons-react/dist/esm/icons/IconFile.mjs";
import IconHierarchy from "@tabler/icons-react/dist/esm/icons/IconHierarchy.mjs";
import IconHistory from "@tabler/icons-react/dist/esm/icons/IconHistory.mjs";
import IconKey from "@tabler/icons-react/dist/esm/icons/IconKey.mjs";
import IconLayoutDashboard from "@tabler/icons-react/dist/esm/icons/IconLayoutDashboard.mjs";
import IconList from "@tabler/icons-react/dist/esm/icons/IconList.mjs";
import IconLock from "@tabler/icons-react/dist/esm/icons/IconLock.mjs";
import IconMessage from "@tabler/icons-react/dist/esm/icons/IconMessage.mjs";
import IconPlus from "@tabler/icons-react/dist/esm/icons/IconPlus.mjs";
import IconRefresh from "@tabler/icons-react/dist/esm/icons/IconRefresh.mjs";
import IconSearch from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
import IconSettings from "@tabler/icons-react/dist/esm/icons/IconSettings.mjs";
import IconTag from "@tabler/icons-react/dist/esm/icons/IconTag.mjs";
import IconTriangle from "@tabler/icons-react/dist/esm/icons/IconTriangle.mjs";
import IconUser from "@tabler/icons-react/dist/esm/icons/IconUser.mjs";
import IconUsers from "@tabler/icons-react/dist/esm/icons/IconUsers.mjs";
import IconWorld from "@tabler/icons-react/dist/esm/icons/IconWorld.mjs";

const icons = {
  dashboard: IconDashboard,
  database: IconDatabase,
  file: IconFile,
  tag: IconTag,
  triangle: IconTriangle,
  world: IconWorld,
  key: IconKey,
  hierarchy: IconHierarchy,
  "chart-dots": IconChartDots,
  "layout-dashboard": IconLayoutDashboard,
  plus: IconPlus,
  refresh: IconRefresh,
  edit: IconEdit,
  message: IconMessage,
  cpu: IconCpu,
  list: IconList,
  search: IconSearch,
  "chart-bar": IconChartBar,
  circles: IconCircles,
  bolt: IconBolt,
  settings: IconSettings,
  user: IconUser,
  lock: IconLock,
  users: IconUsers,
  adjustments: IconAdjustments,
  history: IconHistory,
  bug: IconBug,
} as const;

/** The icon named in a route's meta (spec §3 route meta: icon). */
export function NavIcon({ name, size = 18 }: { name?: string; size?: number }) {
  const Icon = (name && icons[name as keyof typeof icons]) || IconList;
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
