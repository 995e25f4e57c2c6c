import { SHELL_ICON_PATHS } from "../shell-icon-paths";
import type { ShellIconName } from "../shell-icons";

/**
 * A shell icon: Tabler's icon as one path (app/components/shell-icon-paths.ts, decision 046),
 * with the size, stroke and presentation Tabler's own component draws. Decorative
 * (aria-hidden): the link or button it sits in carries the name. Its colour is the text's
 * (currentColor), in both schemes.
 */
export function ShellIcon({
  name,
  size = 24,
  stroke = 2,
  className,
}: {
  name: ShellIconName;
  size?: number;
  stroke?: number;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={SHELL_ICON_PATHS[name]} />
    </svg>
  );
}
