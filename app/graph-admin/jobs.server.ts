import { fetchOr404 } from "~/http/page.server";
import type { PlatformClient } from "~/platform-client/client.server";
import type { Job } from "./types";

/** A job with a page of its log (20 lines a page). */
export async function getJob(api: PlatformClient, id: number, logPage = 1) {
  return fetchOr404<
    Job & {
      logs: {
        results: { id: number; at: string; level: string; message: string }[];
        count: number;
        page: number;
        page_size: number;
      };
    }
  >(api, `/jobs/${id}/`, { log_page: logPage, log_page_size: 20 });
}
