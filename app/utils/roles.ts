/** Spec §6: roles are the permission codenames of all the user's groups; `default` when none. */
export interface UserInfo {
  id: number;
  username: string;
  email: string;
  avatar?: string;
  introduction?: string;
  is_superuser?: boolean;
  groups: {
    id: number;
    name: string;
    permissions: { id?: number; codename: string; name?: string }[];
  }[];
  profile: { need_init_password: boolean; password_expired: boolean };
}

export function rolesOf(info: Pick<UserInfo, "groups" | "is_superuser">): string[] {
  const roles = new Set<string>();
  for (const g of info.groups ?? []) for (const p of g.permissions ?? []) roles.add(p.codename);
  if (info.is_superuser) roles.add("admin");
  return roles.size ? [...roles] : ["default"];
}

/**
 * Whether roles open a route with these `roles` (spec §6): admin opens all, a route
 * without roles is open to everyone logged in, and `default` (the password page) is
 * every logged-in user's, since a user with codenames must still be able to change
 * their password.
 */
export function canAccess(roles: readonly string[], routeRoles?: readonly string[]): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  if (roles.includes("admin")) return true;
  if (routeRoles.includes("default")) return true;
  return routeRoles.some((r) => roles.includes(r));
}

export const PERMISSION_DIRECTIVE_ERROR = `need roles! Like v-permission="['admin','editor']"`;

/** The permission check of the spec's role directive: throws on an empty or non-array role list. */
export function checkPermission(roles: readonly string[], required: unknown): boolean {
  if (!Array.isArray(required) || required.length === 0)
    throw new Error(PERMISSION_DIRECTIVE_ERROR);
  if (roles.includes("admin")) return true;
  return required.some((r) => roles.includes(r));
}
