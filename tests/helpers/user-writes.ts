/**
 * What other users do while a big job runs (tests/server/apply-under-load.test.ts,
 * bench/apply-bench.ts), against a real server at `origin`: log in and save their own user
 * record, through the platform's API and through the console's plain forms (no JavaScript:
 * the login form, then the user's edit form, each a form POST with the page's anti-forgery
 * token). Each step is timed; the loop runs until stopped.
 */

export interface WriteLog {
  /** Milliseconds of each write (a login or a save), both ways. */
  latencies: number[];
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Answers that were not what a working server gives (5xx included), the first named. */
  failed: number;
  first: string;
}

export interface OtherUser {
  id: number;
  username: string;
  password: string;
  groups: number[];
}

/**
 * `count` users of the administrators' group (the console's user form is theirs to save), made
 * by the admin through the API, each past its first login's password change.
 */
export async function createOtherUsers(
  origin: string,
  admin: { token: string; csrf: string },
  count: number,
  prefix: string,
): Promise<OtherUser[]> {
  const call = async (
    auth: { token: string; csrf: string },
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers: {
        Authorization: `Token ${auth.token}`,
        "X-CSRFToken": auth.csrf,
        "Content-Type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const groups = (await call(admin, "GET", "/common/groups/?page_size=100")) as {
    results: { id: number; permissions: string[] }[];
  };
  const admins = groups.results.filter((g) => g.permissions.includes("admin")).map((g) => g.id);
  const users: OtherUser[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}-${i}`;
    const first = `First-pass-${prefix}-${i}`;
    const { id } = (await call(admin, "POST", "/common/users/", {
      username,
      email: `${username}@example.com`,
      password: first,
      is_active: 1,
      groups: admins,
    })) as { id: number };
    const password = `Own-pass-${prefix}-${i}`;
    const own = await apiLogin(origin, username, first);
    await call(own, "PATCH", "/common/users/password/", {
      new_password: password,
      confirm_password: password,
    });
    users.push({ id, username, password, groups: admins });
  }
  return users;
}

/** The platform's login: a token and its CSRF token. */
async function apiLogin(origin: string, username: string, password: string) {
  const res = await fetch(`${origin}/api/common/users/login/`, {
    method: "POST",
    headers: { Cookie: "csrftoken=w", "X-CSRFToken": "w", "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  const body = (await res.json()) as { token: string; csrf_token: string };
  return { token: body.token, csrf: body.csrf_token };
}

/** The cookies a browser keeps, by name. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

/** Runs `fn`, timing it; counts what it answered. */
async function timed(log: WriteLog, what: string, ok: number[], fn: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  log.latencies.push(performance.now() - t0);
  if (res.status >= 500) log.serverErrors++;
  if (!ok.includes(res.status)) {
    log.failed++;
    log.first ||= `${what}: ${res.status}`;
  }
  return res;
}

/** One round of the API: log in (a new token), save the user's e-mail with it. */
async function apiRound(origin: string, u: OtherUser, round: number, log: WriteLog) {
  let token = "";
  let csrf = "";
  await timed(log, "API login", [200], async () => {
    const res = await fetch(`${origin}/api/common/users/login/`, {
      method: "POST",
      headers: { Cookie: "csrftoken=w", "X-CSRFToken": "w", "Content-Type": "application/json" },
      body: JSON.stringify({ username: u.username, password: u.password }),
    });
    if (res.ok) {
      const body = (await res.clone().json()) as { token: string; csrf_token: string };
      token = body.token;
      csrf = body.csrf_token;
    }
    return res;
  });
  if (!token) return;
  await timed(log, "API save", [200], () =>
    fetch(`${origin}/api/common/users/${u.id}/`, {
      method: "PATCH",
      headers: {
        Authorization: `Token ${token}`,
        "X-CSRFToken": csrf,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ email: `${u.username}-api-${round}@example.com` }),
    }),
  );
}

/** One round of the console's forms: the login form, then the user's own edit form. */
async function consoleRound(origin: string, u: OtherUser, round: number, log: WriteLog) {
  const jar = new Jar();
  const page = await fetch(`${origin}/login`);
  jar.take(page);
  const html = await page.text();
  // CAPTCHA=off on the server: any answer passes, but the form asks for one.
  const login = await timed(log, "console login", [302, 303], () =>
    fetch(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: jar.header() },
      body: new URLSearchParams({
        username: u.username,
        password: u.password,
        csrf: hidden(html, "csrf"),
        captcha_id: hidden(html, "captcha_id"),
        captcha: "x",
        redirect: "",
        intent: "login",
      }),
    }),
  );
  if (login.status >= 400) return;
  jar.take(login);
  const path = `/backend/setting/users/${u.id}/edit`;
  const form = await fetch(`${origin}${path}`, { headers: { Cookie: jar.header() } });
  jar.take(form);
  const fields = new URLSearchParams({
    username: u.username,
    email: `${u.username}-console-${round}@example.com`,
    avatar: "",
    csrf: hidden(await form.text(), "csrf"),
    groups: "",
  });
  for (const g of u.groups) fields.append("groups", String(g));
  const saved = await timed(log, "console save", [302, 303], () =>
    fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: jar.header() },
      body: fields,
    }),
  );
  // Saved: back to the users table (not the form again, nor the password page).
  if (saved.status < 400 && saved.headers.get("location") !== "/backend/setting/users") {
    log.failed++;
    log.first ||= `console save: to ${saved.headers.get("location")}`;
  }
}

/** Each user loops (API round, console round) until `stop()`; the log of every write. */
export function userWrites(origin: string, users: OtherUser[]) {
  const log: WriteLog = { latencies: [], serverErrors: 0, failed: 0, first: "" };
  let stopped = false;
  const loops = users.map(async (u) => {
    for (let round = 0; !stopped; round++) {
      await apiRound(origin, u, round, log);
      if (!stopped) await consoleRound(origin, u, round, log);
    }
  });
  return {
    log,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return log;
    },
  };
}

/** The value below which a share `p` of the values lie (nearest rank). */
export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}
