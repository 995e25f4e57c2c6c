import { SpriteIcon } from "./ui/sprite-icon";
import { SPRITE_ICONS, type SpriteIconName } from "./sprite-names";

/** The icon named in a route's meta (spec §3 route meta: icon): the list icon if unknown. */
export function navIcon(name?: string): SpriteIconName {
  return name && name in SPRITE_ICONS ? (name as SpriteIconName) : "list";
}

/** That icon from the shell's sprite, as an <svg> (the dashboard's shortcuts). */
export function NavIcon({ name, size = 18 }: { name?: string; size?: number }) {
  return <SpriteIcon name={navIcon(name)} size={size} stroke={1.6} />;
}
