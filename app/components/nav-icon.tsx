import { ShellIcon } from "./ui/shell-icon";
import { SHELL_ICONS, type ShellIconName } from "./shell-icons";

/** The icon named in a route's meta (spec §3 route meta: icon), one of the shell's icons. */
export function NavIcon({ name, size = 18 }: { name?: string; size?: number }) {
  const known = name && name in SHELL_ICONS ? (name as ShellIconName) : "list";
  return <ShellIcon name={known} size={size} stroke={1.6} />;
}
