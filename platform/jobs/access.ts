import { jobKind, jobKinds } from "./kinds.js";

/** Whether the job's kind lets this user see and cancel it. */
export function mayAccessJob(
  user: { id: number; isSuperuser: boolean; codenames: Set<string> },
  job: { kind: string; created_by: number | null },
): boolean {
  if (user.isSuperuser || user.codenames.has("admin") || job.created_by === user.id) return true;
  const kind = jobKind(job.kind);
  return !!kind && user.codenames.has(kind.permission);
}

/** The kinds whose codename this user holds (every kind for administrators). */
export function visibleKinds(user: {
  isSuperuser: boolean;
  codenames: Set<string>;
}): string[] | undefined {
  if (user.isSuperuser || user.codenames.has("admin")) return undefined;
  return [...jobKinds()].filter(([, k]) => user.codenames.has(k.permission)).map(([name]) => name);
}
