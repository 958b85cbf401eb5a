import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEBAPP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPO = path.resolve(WEBAPP, "..");
const READY_TIMEOUT_MS = 60_000;

/**
 * The Razorpay stand-in's keys (api::payments::standin's defaults, passed
 * explicitly so the server and the stand-in agree whatever those become).
 */
const RAZORPAY_KEYS = {
  keyId: "rzp_test_StandIn0001",
  keySecret: "EnLs21M47BllR3X8PSFtjtbd",
  webhookSecret: "stand-in-webhook-secret",
};

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
      // The stories book many sessions as the same demo learners on one
      // server: the holding caps and the hourly booking limit (each tested
      // in the API suites) are raised out of their way.
      MAX_OPEN_REQUESTS_PER_MENTOR: "1000",
      MAX_OPEN_REQUESTS: "1000",
      MAX_UPCOMING_FREE_PER_MENTOR: "1000",
      MAX_UPCOMING_FREE: "1000",
      BOOKINGS_PER_HOUR: "1000",
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

/** Runs `command` to its end (without blocking the servers' start-up): rejects unless it succeeds. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => reject(new Error(`${command} ${args.join(" ")}: ${error.message}`)));
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(" ")}\` failed (${signal ? `signal ${signal}` : `code ${code}`})`));
    });
  });
}

/**
 * The Razorpay stand-in binary (`cargo build -p api --example
 * razorpay_standin`): RAZORPAY_STANDIN_BIN, else `examples/razorpay_standin`
 * next to the API binary, built there when it is missing (`just test`
 * builds the API binary only).
 */
async function standInBinary(apiBin: string): Promise<string> {
  if (process.env.RAZORPAY_STANDIN_BIN) {
    const bin = path.resolve(WEBAPP, process.env.RAZORPAY_STANDIN_BIN);
    if (!existsSync(bin)) throw new Error(`RAZORPAY_STANDIN_BIN names ${bin}, which does not exist.`);
    return bin;
  }
  const targetDir = path.dirname(apiBin);
  const bin = path.join(targetDir, "examples", "razorpay_standin");
  if (existsSync(bin)) return bin;
  const profile = path.basename(targetDir) === "release" ? ["--release"] : [];
  console.log(`Building the Razorpay stand-in (${bin}): cargo build -p api --example razorpay_standin`);
  await run("cargo", ["build", "-q", "-p", "api", "--locked", ...profile, "--example", "razorpay_standin"], REPO);
  if (!existsSync(bin)) {
    throw new Error(`cargo built the Razorpay stand-in, but not at ${bin}. Set RAZORPAY_STANDIN_BIN to where it is.`);
  }
  return bin;
}

/**
 * The Razorpay stand-in (api/examples/razorpay_standin.rs) on a free port,
 * once it printed `RAZORPAY_STANDIN_URL=...`: its process and that URL.
 */
async function startStandIn(bin: string) {
  const standIn = spawn(
    bin,
    ["--bind", "127.0.0.1:0", "--key-id", RAZORPAY_KEYS.keyId, "--key-secret", RAZORPAY_KEYS.keySecret, "--webhook-secret", RAZORPAY_KEYS.webhookSecret],
    { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  standIn.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-64_000);
    if (process.env.E2E_SERVER_LOG === "1") process.stderr.write(chunk);
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      const timer = setTimeout(() => reject(new Error(`The Razorpay stand-in printed no URL within 60 s.\n--- its stderr ---\n${stderr}`)), READY_TIMEOUT_MS);
      standIn.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /^RAZORPAY_STANDIN_URL=(http:\/\/\S+)$/m.exec(stdout);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      standIn.on("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The Razorpay stand-in exited (${signal ? `signal ${signal}` : `code ${code}`}) before it was ready.\n--- its stderr ---\n${stderr}`));
      });
      standIn.on("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`The Razorpay stand-in could not start: ${error.message}`));
      });
    });
    standIn.stdout.removeAllListeners("data");
    standIn.stdout.resume();
    return { standIn, url };
  } catch (error) {
    standIn.kill("SIGKILL");
    throw error;
  }
}

/**
 * A third API server taking payments through Razorpay (the stand-in), on
 * its own database, for razorpay.spec.ts: the stand-in first, then the
 * server with its URLs, then the stand-in's webhooks pointed at the server.
 */
async function startRazorpayServer(apiBin: string, dataDir: string) {
  const { standIn, url } = await startStandIn(await standInBinary(apiBin));
  try {
    const api = await startServer(apiBin, dataDir, "e2e-razorpay.db", {
      PAYMENT_GATEWAY: "razorpay",
      RAZORPAY_KEY_ID: RAZORPAY_KEYS.keyId,
      RAZORPAY_KEY_SECRET: RAZORPAY_KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: RAZORPAY_KEYS.webhookSecret,
      RAZORPAY_API_URL: url,
      RAZORPAY_CHECKOUT_URL: `${url}/v1/checkout.js`,
    });
    try {
      const configured = await fetch(`${url}/standin/config`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ webhook_url: `${api.baseURL}/api/payments/webhooks/razorpay/` }),
      });
      if (!configured.ok) throw new Error(`The Razorpay stand-in refused its webhook URL: ${configured.status} ${await configured.text()}`);
    } catch (error) {
      api.server.kill("SIGKILL");
      throw error;
    }
    return { ...api, standIn, standInURL: url };
  } catch (error) {
    standIn.kill("SIGKILL");
    throw error;
  }
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
  // A third takes payments through the Razorpay stand-in, for razorpay.spec.ts.
  const [mainStarted, clockedStarted, razorpayStarted] = await Promise.allSettled([
    startServer(apiBin, dataDir, "e2e.db", {}),
    startServer(apiBin, dataDir, "e2e-clock.db", { TEST_CLOCK: "on" }),
    startRazorpayServer(apiBin, dataDir),
  ]);
  const main = mainStarted.status === "fulfilled" ? mainStarted.value : undefined;
  const clocked = clockedStarted.status === "fulfilled" ? clockedStarted.value : undefined;
  const razorpay = razorpayStarted.status === "fulfilled" ? razorpayStarted.value : undefined;
  if (!main || !clocked || !razorpay) {
    for (const child of [main?.server, clocked?.server, razorpay?.server, razorpay?.standIn]) child?.kill("SIGKILL");
    throw [mainStarted, clockedStarted, razorpayStarted].map((s) => (s.status === "rejected" ? (s.reason as unknown) : undefined)).find(Boolean);
  }
  const { server, baseURL } = main;

  // Read by the workers (playwright.config.ts) and by global-teardown.ts.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CLOCK_BASE_URL = clocked.baseURL;
  process.env.E2E_RAZORPAY_BASE_URL = razorpay.baseURL;
  process.env.E2E_RAZORPAY_STANDIN_URL = razorpay.standInURL;
  // The clocked and Razorpay servers and the stand-in stop with the run
  // (global-teardown.ts stops the main one).
  return () => {
    clocked.server.kill("SIGTERM");
    razorpay.server.kill("SIGTERM");
    razorpay.standIn.kill("SIGTERM");
  };
}
