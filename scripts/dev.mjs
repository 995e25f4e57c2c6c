// `npm run dev`: the console rebuilt on every change (remix watch) and the server restarted when
// its sources or the console's build change (tsx watch), on http://localhost:3000 by default.
import { spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: "development" };
const children = [
  spawn("npx", ["remix", "watch"], { stdio: "inherit", env }),
  spawn(
    "npx",
    ["tsx", "watch", "--clear-screen=false", "--include", "build/index.js", "server.ts"],
    { stdio: "inherit", env },
  ),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
