import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEBAPP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY_TIMEOUT_MS = 60_000;

/** A port nothing listens on right now: listen on port 0, read it, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        reject(new Error("could not read the port of a probe socket"));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

function buildWebapp() {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(WEBAPP, "dist", "index.html"))) return;
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: WEBAPP, stdio: "inherit" });
  if (result.status !== 0) throw new Error("`vite build` failed: the API would have no web app to serve");
}

/** The API binary serving the built app from `dataDir` on a free port, once it answers /healthz. */
async function startServer(apiBin: string, dataDir: string, database: string, extraEnv: Record<string, string>) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const server = spawn(apiBin, [], {
    cwd: dataDir,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dataDir, database)}`,
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_DIR: path.join(WEBAPP, "dist"),
      // The server's defaults are off: the tests sign in as the demo
      // accounts and read e-mailed links from /api/dev/outbox/.
      DEMO_DATA: "on",
      DEV_OUTBOX: "on",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });

  let stderr = "";
  server.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-64_000);
    if (process.env.E2E_SERVER_LOG === "1") process.stderr.write(chunk);
  });
  server.stdout.on("data", (chunk: Buffer) => {
    if (process.env.E2E_SERVER_LOG === "1") process.stdout.write(chunk);
  });
  let exited: string | undefined;
  server.on("exit", (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  });
  server.on("error", (error) => {
    exited = `spawn error: ${error.message}`;
  });

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited !== undefined) {
      throw new Error(`The API server exited (${exited}) before it was ready.\n--- its stderr ---\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`The API server did not answer GET /healthz with 200 within 60 s.\n--- its stderr ---\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.stdout.removeAllListeners("data");
  server.stdout.resume();
  return { server, baseURL };
}

export default async function globalSetup() {
  const apiBin = path.resolve(WEBAPP, process.env.API_BIN ?? "../target/debug/api");
  if (!existsSync(apiBin)) {
    throw new Error(`API binary not found at ${apiBin}. Build it (cargo build -p api) or set API_BIN.`);
  }
  buildWebapp();

  const dataDir = mkdtempSync(path.join(tmpdir(), "webapp-e2e-"));
  // A second server whose clock stands still until a test moves it
  // (TEST_CLOCK, POST /dev/clock/), for booking.spec.ts: moving the shared
  // server's clock by days would shift every later spec's "today".
  const started = await Promise.allSettled([
    startServer(apiBin, dataDir, "e2e.db", {}),
    startServer(apiBin, dataDir, "e2e-clock.db", { TEST_CLOCK: "on" }),
  ]);
  const [main, clocked] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined));
  if (!main || !clocked) {
    for (const s of [main, clocked]) s?.server.kill("SIGKILL");
    throw started.map((s) => (s.status === "rejected" ? (s.reason as unknown) : undefined)).find(Boolean);
  }
  const { server, baseURL } = main;

  // Read by the workers (playwright.config.ts) and by global-teardown.ts.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CLOCK_BASE_URL = clocked.baseURL;
  // The clocked server stops with the run (global-teardown.ts stops the main one).
  return () => {
    clocked.server.kill("SIGTERM");
  };
}
