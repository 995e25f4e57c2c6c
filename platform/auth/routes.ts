import type { Router } from "express";
import type { PlatformContext } from "../context.js";

export function mountAuth(_router: Router, _ctx: PlatformContext) {}
