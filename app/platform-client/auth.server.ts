import type { Captcha, CaptchaKind } from "@contract/auth";
import type { Paged } from "@contract/kg";
import type { UserInfo } from "~/utils/roles";
import type { PlatformClient } from "./client.server";

/**
 * The account area of the platform API (spec §7, docs/api.md "Users"): captcha, login (with a
 * password or a single-sign-on ticket), logout, the viewer's info, passwords, groups, and the
 * browser's error reports. The login calls throw a 401 (`on401: "throw"`): they are the login.
 */

const U = "/common/users";

/** What a login answers: the platform's token, its anti-forgery token, the user. */
export interface LoginAnswer {
  token: string;
  csrf_token: string;
  user_id: number;
}

/** A group as the admin's role preview reads it. */
export interface GroupDetail {
  name: string;
  permissions: (string | { codename: string })[];
}

export const authApi = {
  captcha: (api: PlatformClient, kind: CaptchaKind) =>
    api.call<Captcha>("GET", `${U}/captcha/`, { query: { kind }, on401: "throw" }),
  login: (
    api: PlatformClient,
    body: { username: string; password: string; captcha_id: string; captcha: string },
  ) => api.post<LoginAnswer>(`${U}/login/`, body, { on401: "throw" }),
  ssoLogin: (api: PlatformClient, ticket: string) =>
    api.post<LoginAnswer>(`${U}/ssologin/`, { ticket }, { on401: "throw" }),
  logout: (api: PlatformClient) => api.post(`${U}/logout/`, undefined, { on401: "throw" }),
  info: (api: PlatformClient) => api.call<UserInfo>("GET", `${U}/info/`, { on401: "throw" }),
  /** Refused (code `password_weak`) when the new password does not meet the rule. */
  checkPassword: (api: PlatformClient, candidate: string) =>
    api.post(`${U}/valid/`, { new_password: candidate }),
  changePassword: (
    api: PlatformClient,
    body: { old_password?: string; new_password: string; confirm_password: string },
  ) => api.patch(`${U}/password/`, body),
  /** The first groups, for an admin's preview of a group's menu (every admin page): kept (`getKept`). */
  groups: (api: PlatformClient, pageSize: number) =>
    api.getKept<Paged<{ id: number; name: string }>>("/common/groups/", { page_size: pageSize }),
  group: (api: PlatformClient, id: string) =>
    api.get<GroupDetail>(`/common/groups/${encodeURIComponent(id)}/`),
  reportClientError: (api: PlatformClient, body: { error: string; info: string; url: string }) =>
    api.post("/common/clienterrors/", body, { on401: "throw" }),
};
