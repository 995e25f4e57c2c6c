import { SpriteIcon } from "./ui/sprite-icon";
import { SPRITE_ICONS, type SpriteIconName } from "./sprite-names";

/** The icon named in a route's meta (spec §3 route meta: icon), from the shell's sprite. */
export function NavIcon({ name, size = 18 }: { name?: string; size?: number }) {
  const known = name && name in SPRITE_ICONS ? (name as SpriteIconName) : "list";
  return <SpriteIcon name={known} size={size} stroke={1.6} />;
}
