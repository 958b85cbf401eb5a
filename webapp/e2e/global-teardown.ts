import { rmSync } from "node:fs";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the API server started by global-setup.ts and removes its database. */
export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 5_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isRunning(pid)) process.kill(pid, "SIGKILL");
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
